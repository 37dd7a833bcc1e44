import type { Capabilities } from "../capabilities.ts";
import type { Runtime } from "../../runtime.ts";
import {
  LEGACY_SETTING_OPTIONS,
  USER_SETTING_OPTIONS,
  USER_SETTINGS,
  userSettingActive,
  userSettingDefaultActive,
  type LegacySettingSection,
  type UserSettingValue,
} from "../../state/user-settings.ts";
import { ROLE, type User } from "../../state/types.ts";
import { avatarUrlFor, ownAvatarFields, serializeBot, serializeUser, unknownUser, wantsPlaceholders } from "../user.ts";

export interface UserSectionRequest {
  user: User;
  capabilities: Capabilities;
  clientGravatar: boolean;
}

/**
 * register `realm_user` (wire §8.3): the users the client can access (bots included), deactivated ones apart,
 * and for a restricted user "Unknown user" placeholders in place of the others, for the clients wantsPlaceholders
 * names. Then the requester's own fields.
 */
export function realmUserSection(rt: Runtime, req: UserSectionRequest): Record<string, unknown> {
  const { user: viewer, clientGravatar } = req;
  const visible = rt.access.userFilter(viewer);
  const placeholders = rt.access.isUserAccessRestricted(viewer) && wantsPlaceholders(rt, rt.fl.has("unknownUserPlaceholdersByCapability"), req.capabilities);
  const active: Record<string, unknown>[] = [];
  const inactive: Record<string, unknown>[] = [];
  for (const u of rt.store.users.values()) {
    if (u.isBot && rt.faulty("fl153.register.realm-users")) continue;
    if (!visible(u)) {
      if (placeholders && u.isActive) active.push(unknownUser(rt, u.id));
      continue;
    }
    (u.isActive ? active : inactive).push(serializeUser(rt, viewer, u, clientGravatar));
  }
  return {
    realm_users: active,
    realm_non_active_users: inactive,
    cross_realm_bots: [...rt.store.systemBots.values()].map((bot) => systemBot(rt, viewer, bot, clientGravatar)),
    user_id: viewer.id,
    email: viewer.email,
    delivery_email: viewer.email,
    full_name: viewer.fullName,
    is_admin: viewer.role <= ROLE.administrator,
    is_owner: viewer.role === ROLE.owner,
    is_moderator: viewer.role === ROLE.moderator,
    is_guest: viewer.role === ROLE.guest,
    can_invite_others_to_realm: rt.access.canSendInvites(viewer),
    ...ownAvatarFields(viewer),
  };
}

/** A system bot's entry of cross_realm_bots: a bot's user object, its email as is, with is_system_bot. */
function systemBot(rt: Runtime, viewer: User, bot: User, clientGravatar: boolean): Record<string, unknown> {
  return {
    user_id: bot.id,
    delivery_email: bot.email,
    email: bot.email,
    full_name: bot.fullName,
    date_joined: new Date(bot.dateJoined * 1000).toISOString(),
    is_active: true,
    is_owner: false,
    is_admin: false,
    is_guest: false,
    is_bot: true,
    is_system_bot: true,
    bot_type: bot.botType,
    bot_owner_id: null,
    role: bot.role,
    timezone: bot.timezone,
    avatar_url: avatarUrlFor(rt, viewer, bot, clientGravatar),
    avatar_version: 1,
    profile_data: {},
  };
}

/** register `realm_bot`: the bots the requester manages (its own; every bot for administrators). */
export function realmBotSection(rt: Runtime, req: UserSectionRequest): Record<string, unknown> {
  const bots = [...rt.store.users.values()].filter((u) => u.isBot && (u.botOwnerId === req.user.id || rt.store.isAdmin(req.user)));
  return { realm_bots: bots.map((b) => serializeBot(rt, b)) };
}

/** The settings that exist at the emulated level, with the choices clients offer for some of them (USER_SETTING_OPTIONS). */
function settingsObject(rt: Runtime, value: (name: string) => UserSettingValue, defaults = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const def of USER_SETTINGS) if (defaults ? userSettingDefaultActive(def, rt.fl) : userSettingActive(def, rt.fl)) out[def.name] = value(def.name);
  return { ...out, ...USER_SETTING_OPTIONS };
}

/** register `user_settings`: the requester's settings of USER_SETTINGS that exist at the emulated level. */
export function userSettingsSection(rt: Runtime, req: UserSectionRequest): Record<string, unknown> {
  return { user_settings: settingsObject(rt, (n) => rt.store.userSettings.get(req.user.id, n)) };
}

/** register `realm_user_settings_defaults`: the organization's defaults for them. */
export function userSettingsDefaultsSection(rt: Runtime): Record<string, unknown> {
  return { realm_user_settings_defaults: settingsObject(rt, (n) => rt.store.userSettings.getDefault(n), true) };
}

/**
 * register `update_display_settings` / `update_global_notifications` (wire §8.2): for a client without
 * user_settings_object, top-level copies of the requester's settings of that legacy section that exist at the
 * emulated level, with the section's choices; nothing for a client with it, which reads user_settings alone.
 */
export function legacySettingsSection(section: LegacySettingSection): (rt: Runtime, req: UserSectionRequest) => Record<string, unknown> {
  return (rt, req) => {
    if (req.capabilities.user_settings_object) return {};
    const out: Record<string, unknown> = {};
    for (const def of USER_SETTINGS)
      if (def.legacy === section && userSettingActive(def, rt.fl)) out[def.name] = rt.store.userSettings.get(req.user.id, def.name);
    const option = LEGACY_SETTING_OPTIONS[section];
    return { ...out, [option]: USER_SETTING_OPTIONS[option] };
  };
}
