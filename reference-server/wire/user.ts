import { createHash } from "node:crypto";
import type { Capabilities } from "./capabilities.ts";
import type { Runtime } from "../runtime.ts";
import { EMAIL_VISIBILITY } from "../state/user-settings.ts";
import { ROLE, type User } from "../state/types.ts";
import { zulipHas } from "../zulip-levels.ts";

/** A gravatar URL, as servers give for users without an uploaded avatar when the client asks for URLs; `medium` is the 500-pixel one. */
export function avatarUrl(user: User, clientGravatar: boolean, medium = false): string | null {
  if (clientGravatar) return null;
  const hash = createHash("md5").update(user.email.toLowerCase()).digest("hex");
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon${medium ? "&s=500" : ""}&version=1`;
}

/**
 * The requester's own avatar in register's realm_user section: always URLs, whatever client_gravatar says (real
 * servers compute them without it), and the source: "G", gravatar, as nobody uploads avatars here.
 */
export function ownAvatarFields(user: User): Record<string, unknown> {
  return { avatar_source: "G", avatar_url: avatarUrl(user, false), avatar_url_medium: avatarUrl(user, false, true) };
}

/**
 * The avatar URL as `viewer` sees it. With client_gravatar the client computes gravatars from the email, so null
 * goes only to those who may see the real email (FL163); before FL163 only when the organization showed every
 * email to everyone.
 */
export function avatarUrlFor(rt: Runtime, viewer: User, user: User, clientGravatar: boolean): string | null {
  const computable = rt.fl.has("avatarUrlByUserVisibility") ? rt.access.canSeeRealEmail(viewer, user) : user.isBot || rt.access.organizationEmailsPublic();
  return avatarUrl(user, clientGravatar && computable);
}

/** The dummy API email of a user whose real email the requester may not see: user<ID>@<realm host> (wire §13). */
export function dummyEmail(rt: Runtime, userId: number): string {
  return `user${userId}@${new URL(rt.url).host}`;
}

/** The email field as `viewer` sees it: the real email, or the dummy one. */
export function apiEmail(rt: Runtime, viewer: User, user: User): string {
  if (rt.access.canSeeRealEmail(viewer, user) || rt.faulty("fl153.users.dummy-email")) return user.email;
  return dummyEmail(rt, user.id);
}

/**
 * delivery_email as `viewer` sees it: from FL163 always present, null without access (bots: always the real
 * email); before FL163 present only when the email is not public and the viewer may see it. undefined = absent.
 */
function deliveryEmail(rt: Runtime, viewer: User, user: User): string | null | undefined {
  let visible = rt.access.canSeeRealEmail(viewer, user) || rt.faulty("fl163.users.delivery-email-null-without-access");
  if (user.isBot && rt.faulty("fl163.users.bot-delivery-email")) visible = viewer.id === user.id || rt.store.isAdmin(viewer);
  if (rt.fl.has("deliveryEmailAlwaysPresent")) return visible ? user.email : null;
  return visible && rt.access.emailVisibility(user) !== EMAIL_VISIBILITY.everyone ? user.email : undefined;
}

/** The user object of GET /users, /users/me, register `realm_users` and `realm_user/add`, as `viewer` sees it (wire §13). */
export function serializeUser(rt: Runtime, viewer: User, user: User, clientGravatar: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    user_id: user.id,
    email: apiEmail(rt, viewer, user),
    full_name: user.fullName,
    date_joined: new Date(user.dateJoined * 1000).toISOString(),
    is_active: user.isActive,
    is_owner: user.role === ROLE.owner,
    is_admin: user.role <= ROLE.administrator,
    is_guest: user.role === ROLE.guest,
    is_bot: user.isBot,
    role: user.role,
    timezone: user.timezone,
    avatar_url: avatarUrlFor(rt, viewer, user, clientGravatar),
    avatar_version: 1,
    profile_data: {},
  };
  // Until can_manage_billing_group took its place; nobody manages billing on this server.
  if (!zulipHas(rt.fl, "manageBillingGroup")) out.is_billing_admin = false;
  const delivery = deliveryEmail(rt, viewer, user);
  if (delivery !== undefined) out.delivery_email = delivery;
  if (user.isBot) {
    out.bot_type = user.botType;
    out.bot_owner_id = user.botOwnerId;
  }
  return out;
}

/**
 * The "Unknown user" placeholder sent in place of a user the client cannot access (wire §13): the usual shape,
 * placeholder data, only user_id varies.
 */
export function unknownUser(rt: Runtime, userId: number): Record<string, unknown> {
  return {
    user_id: userId,
    email: dummyEmail(rt, userId),
    delivery_email: null,
    full_name: "Unknown user",
    date_joined: new Date(0).toISOString(),
    is_active: true,
    is_owner: false,
    is_admin: false,
    is_guest: false,
    is_bot: false,
    role: ROLE.member,
    timezone: "",
    avatar_url: `${rt.url}/static/images/unknown-user-avatar.png`,
    avatar_version: 1,
    profile_data: {},
  };
}

/**
 * The bot object of register realm_bots and realm_bot/add events. `--product zulip`: with the bot's api_key and
 * an outgoing-webhook bot's service, as real servers send them to the bot's owner and the administrators.
 */
export function serializeBot(rt: Runtime, bot: User): Record<string, unknown> {
  const zulip = rt.config.product === "zulip";
  const service = zulip ? rt.store.outgoingWebhooks.of(bot.id) : undefined;
  return {
    user_id: bot.id,
    email: bot.email,
    full_name: bot.fullName,
    bot_type: bot.botType,
    is_active: bot.isActive,
    owner_id: bot.botOwnerId,
    avatar_url: avatarUrl(bot, false),
    default_sending_stream: null,
    default_events_register_stream: null,
    default_all_public_streams: false,
    services: service ? [{ base_url: service.payloadUrl, interface: service.interfaceType, token: service.token }] : [],
    ...(zulip ? { api_key: bot.apiKey } : {}),
  };
}

/**
 * Whether a queue whose user cannot access a user gets an "Unknown user" placeholder for it: from FL232 only
 * clients with user_list_incomplete (the spec's reading, catalog ruling), before every client. `--product zulip`
 * does as real servers do (wire §17.2 #3): from FL232 only the clients without it, which the capability tells
 * apart from those that cope with an incomplete list.
 */
export function wantsPlaceholders(rt: Runtime, byCapability: boolean, capabilities: Capabilities): boolean {
  if (!byCapability) return true;
  return rt.config.product === "zulip" ? !capabilities.user_list_incomplete : capabilities.user_list_incomplete;
}
