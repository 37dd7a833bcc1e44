import type { FeatureLevel } from "../levels.ts";
import type { Store } from "../state/store.ts";
import { ROLE, type User } from "../state/types.ts";
import { holds } from "./group-settings.ts";
import type { GroupSettingValue } from "../state/group-setting-value.ts";
import { policyAllows } from "./policies.ts";

/**
 * Realm-wide permissions of the realm settings (custom emoji, bots, direct messages): from its level a
 * group-setting value decides, before it the policy it replaced.
 */
export class RealmPermissions {
  constructor(
    private readonly store: Store,
    private readonly fl: FeatureLevel,
  ) {}

  private holds(user: User, setting: string): boolean {
    return holds(this.store.groups, user, this.store.settings.get(setting) as GroupSettingValue);
  }

  /** POST /realm/emoji: can_add_custom_emoji_group from FL307, add_custom_emoji_policy before. Never guests. */
  canAddCustomEmoji(user: User): boolean {
    if (user.role === ROLE.guest) return false;
    if (this.fl.has("customEmojiGroupEnforced")) return this.holds(user, "can_add_custom_emoji_group");
    return policyAllows(this.store, user, this.store.settings.get("add_custom_emoji_policy"));
  }

  /** May the user remove the custom emoji? Its author and administrators. */
  canRemoveCustomEmoji(user: User, authorId: number): boolean {
    return user.id === authorId || this.store.isAdmin(user);
  }

  /**
   * The organization's configuration without a permission setting of its own: default channels, code playgrounds,
   * the order of custom profile fields and of linkifiers. Administrators only.
   */
  canConfigure(user: User): boolean {
    return this.store.isAdmin(user);
  }

  /**
   * Whether the user is in can_manage_billing_group (Zulip's, outside the spec): its value is role:administrators
   * here (api/realm/zulip-fields.ts), which holds no bots.
   */
  managesBilling(user: User): boolean {
    return !user.isBot && this.store.isAdmin(user);
  }

  /**
   * POST /bots: from FL344 members of can_create_bots_group create any bot, and members of
   * can_create_write_only_bots_group incoming-webhook bots (type 2); before, bot_creation_policy (1 everyone,
   * 2 administrators only, 3 everyone but generic bots only administrators). Never guests.
   */
  canCreateBot(user: User, botType: number): boolean {
    if (user.role === ROLE.guest) return false;
    if (this.fl.has("botsGroupEnforced") && this.holds(user, "can_create_bots_group")) return true;
    if (this.fl.has("writeOnlyBotsGroupEnforced") && botType === 2 && this.holds(user, "can_create_write_only_bots_group")) return true;
    if (this.fl.has("botsGroupEnforced")) return false;
    const policy = this.store.settings.get("bot_creation_policy");
    if (policy === 2 || (policy === 3 && botType === 1)) return this.store.isAdmin(user);
    return true;
  }

  /** Direct messages to oneself or only to bots are never restricted. */
  private exempt(sender: User, recipients: readonly User[]): boolean {
    return recipients.every((r) => r.id === sender.id || r.isBot);
  }

  /** Before FL270, private_message_policy 2 turns direct messages off (except to bots and oneself). */
  directMessagesDisabled(sender: User, recipients: readonly User[]): boolean {
    return !this.fl.has("directMessageGroups") && this.store.settings.get("private_message_policy") === 2 && !this.exempt(sender, recipients);
  }

  /** From FL270, only members of direct_message_initiator_group start a conversation (`isNew`); replies stay open. */
  mayInitiate(sender: User, recipients: readonly User[], isNew: boolean): boolean {
    if (!this.fl.has("dmInitiatorGroupEnforced") || !isNew || this.exempt(sender, recipients)) return true;
    return this.holds(sender, "direct_message_initiator_group");
  }

  /** From FL270, someone among the sender and the recipients must be in direct_message_permission_group. */
  conversationAuthorized(sender: User, recipients: readonly User[]): boolean {
    if (!this.fl.has("dmPermissionGroupEnforced") || this.exempt(sender, recipients)) return true;
    return [sender, ...recipients].some((u) => this.holds(u, "direct_message_permission_group"));
  }
}
