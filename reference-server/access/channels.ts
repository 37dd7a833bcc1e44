import type { FaultId } from "../faults.ts";
import type { FeatureLevel, LevelSwitchName } from "../levels.ts";
import type { ChannelGroupSetting } from "../state/channel-settings.ts";
import type { Store } from "../state/store.ts";
import { ROLE, type Channel, type User } from "../state/types.ts";
import { holds } from "./group-settings.ts";
import type { GroupSettingValue } from "../state/group-setting-value.ts";
import { policyAllows } from "./policies.ts";

export type ChannelKind = "public" | "private" | "web-public";

const CREATE_RULES: Record<ChannelKind, { enforced: LevelSwitchName; group: string; policy: string }> = {
  public: { enforced: "canCreatePublicChannelGroupEnforced", group: "can_create_public_channel_group", policy: "create_public_stream_policy" },
  private: { enforced: "canCreatePrivateChannelGroupEnforced", group: "can_create_private_channel_group", policy: "create_private_stream_policy" },
  "web-public": { enforced: "canCreateWebPublicChannelGroupEnforced", group: "can_create_web_public_channel_group", policy: "create_web_public_stream_policy" },
};

/**
 * The places where FL354's content-access groups count, one level switch each (a user in the channel's
 * can_add_subscribers_group reads and acts in an unsubscribed private channel with shared history).
 */
export type ContentUse =
  | "contentAccessSend"
  | "contentAccessFetch"
  | "contentAccessSingle"
  | "contentAccessReadReceipts"
  | "contentAccessEdit"
  | "contentAccessReactions"
  | "contentAccessSubmessage"
  | "contentAccessEditTyping";

/**
 * Who may see and do what with channels. Two kinds of access (wire §13, the spec's FL349): *metadata* access (the
 * channel exists for the user: name, settings, subscribers, its events) and *content* access (its messages).
 * Each question takes a persona and a channel, so a property test can ask them directly.
 */
export class ChannelAccess {
  constructor(
    private readonly store: Store,
    private readonly fl: FeatureLevel,
    private readonly faulty: (id: FaultId) => boolean = () => false,
  ) {}

  private isGuest(user: User): boolean {
    return user.role === ROLE.guest;
  }

  /** Whether the user belongs to one of the channel's permission groups. */
  inGroup(user: User, channel: Channel, key: ChannelGroupSetting): boolean {
    return holds(this.store.groups, user, channel.groups[key]);
  }

  /** Organization administrators, and from FL349 the members of the channel's can_administer_channel_group. */
  isChannelAdmin(user: User, channel: Channel): boolean {
    if (this.store.isAdmin(user)) return true;
    return this.fl.has("canAdministerChannelGroup") && this.inGroup(user, channel, "can_administer_channel_group");
  }

  /** FL354: the channel's can_add_subscribers_group grants content access to a private channel, where `use` says. */
  private viaContentGroups(user: User, channel: Channel, use: ContentUse): boolean {
    return this.fl.has(use) && this.fl.has("channelCanAddSubscribersGroup") && this.inGroup(user, channel, "can_add_subscribers_group");
  }

  /** Content access: subscribers; for public channels every non-guest (guests: web-public ones); for private ones the content-access groups (FL354). */
  content(user: User, channel: Channel, use: ContentUse = "contentAccessFetch"): boolean {
    if (this.store.isSubscribed(user.id, channel.id)) return true;
    if (channel.inviteOnly) return this.viaContentGroups(user, channel, use);
    return !this.isGuest(user) || channel.isWebPublic || this.faulty("fl153.messages.access-public-channel");
  }

  /**
   * Metadata access: content access, organization administrators, from FL349 channel administrators and the
   * members of the channel's can_add_subscribers_group (who may subscribe others to it).
   */
  metadata(user: User, channel: Channel): boolean {
    if (this.content(user, channel)) return true;
    if (this.store.isAdmin(user)) return true;
    if (this.fl.has("channelCanAddSubscribersGroup") && this.inGroup(user, channel, "can_add_subscribers_group")) return true;
    return this.fl.has("channelAdminSeesChannel") && this.isChannelAdmin(user, channel);
  }

  /** May the user read messages of the channel that it never received (shared history and content access)? */
  readHistory(user: User, channel: Channel, use: ContentUse = "contentAccessFetch"): boolean {
    return (channel.historyPublicToSubscribers || this.faulty("fl153.messages.access-private-channel")) && this.content(user, channel, use);
  }

  /** May the user post to the channel: subscribers (non-guests for public channels), under who-may-post (FL333 or the old policy). */
  post(user: User, channel: Channel): boolean {
    if (channel.isArchived) return false;
    const reaches =
      this.store.isSubscribed(user.id, channel.id) ||
      (channel.inviteOnly ? this.viaContentGroups(user, channel, "contentAccessSend") && channel.historyPublicToSubscribers : !this.isGuest(user));
    return reaches && this.mayPost(user, channel);
  }

  /** can_send_message_group from FL333; before, stream_post_policy (1 anyone, 2 admins, 3 full members, 4 moderators). */
  mayPost(user: User, channel: Channel): boolean {
    if (this.fl.has("canSendMessageGroupEnforced")) return this.inGroup(user, channel, "can_send_message_group");
    switch (channel.streamPostPolicy) {
      case 2:
        return user.role <= ROLE.administrator;
      case 3:
        return user.role <= ROLE.member;
      case 4:
        return user.role <= ROLE.moderator;
      default:
        return true;
    }
  }

  /** May the user add other subscribers to a channel that already exists (see can-add-subscribers rules below)? */
  addSubscribers(user: User, channel: Channel, realmAllows: boolean): boolean {
    const byChannelGroup = this.fl.has("channelCanAddSubscribersGroup") && this.inGroup(user, channel, "can_add_subscribers_group");
    // Private channels: content access is needed, for administrators too (FL349); the channel's group suffices alone.
    if (channel.inviteOnly && !this.content(user, channel) && !byChannelGroup) return false;
    return realmAllows || byChannelGroup || (this.fl.has("canAdministerChannelGroup") && this.isChannelAdmin(user, channel));
  }

  /**
   * May the user unsubscribe other users: organization administrators (before FL349 only with content access to a
   * private channel), channel administrators (FL349), members of can_remove_subscribers_group with access (FL161).
   */
  removeSubscribers(user: User, channel: Channel): boolean {
    if (!this.metadata(user, channel)) return false;
    if (this.fl.has("channelAdminUnsubscribe") && this.isChannelAdmin(user, channel)) return true;
    const contentOk = !channel.inviteOnly || this.content(user, channel);
    if (this.store.isAdmin(user) && contentOk) return true;
    return this.fl.has("canRemoveSubscribersGroupEnforced") && contentOk && this.inGroup(user, channel, "can_remove_subscribers_group");
  }

  /** May the user change the channel's settings? Channel administrators; `needsContent` settings (and all before FL349) with content access. */
  administer(user: User, channel: Channel, needsContent: boolean): boolean {
    if (!this.isChannelAdmin(user, channel)) return false;
    if (!needsContent && this.fl.has("metadataAccessSuffices")) return this.metadata(user, channel);
    return this.content(user, channel);
  }

  /** May the user archive the channel (DELETE /streams/{stream_id})? Metadata access suffices from FL349. */
  archive(user: User, channel: Channel): boolean {
    if (!this.isChannelAdmin(user, channel)) return false;
    return this.fl.has("deleteWithMetadataAccess") ? this.metadata(user, channel) : this.content(user, channel);
  }

  /**
   * May the user create a channel of this kind? From FL264/FL266/FL280 members of can_create_{public,private,
   * web_public}_channel_group; before, the create_*_stream_policy it replaced. Never guests.
   */
  createChannel(user: User, kind: ChannelKind): boolean {
    if (this.isGuest(user)) return false;
    const rule = CREATE_RULES[kind];
    if (this.fl.has(rule.enforced)) return holds(this.store.groups, user, this.store.settings.get(rule.group) as GroupSettingValue);
    return policyAllows(this.store, user, this.store.settings.get(rule.policy));
  }

  /** May the user subscribe other users: can_add_subscribers_group from FL341, invite_to_stream_policy before. Never guests. */
  addSubscribersByRealm(user: User): boolean {
    if (this.isGuest(user)) return false;
    if (this.fl.has("canAddSubscribersGroupEnforced"))
      return holds(this.store.groups, user, this.store.settings.get("can_add_subscribers_group") as GroupSettingValue);
    return policyAllows(this.store, user, this.store.settings.get("invite_to_stream_policy"));
  }

  /**
   * Who hears about a channel (stream create, update, delete): everyone with metadata access, except that creation
   * events reach guests subscribed to a public channel only from FL192 and every guest of a web-public one only
   * from FL205; before FL349 private channels' events reach only subscribers and organization administrators.
   */
  hearsOf(user: User, channel: Channel, creation: boolean): boolean {
    if (!user.isActive) return false;
    const subscribed = this.store.isSubscribed(user.id, channel.id);
    if (channel.inviteOnly) {
      if (subscribed || this.store.isAdmin(user)) return true;
      return this.fl.has("metadataAccessEvents") && this.metadata(user, channel);
    }
    if (!this.isGuest(user)) return true;
    if (!creation) return subscribed || channel.isWebPublic;
    if (channel.isWebPublic && this.fl.has("webPublicCreateToGuests")) return true;
    return subscribed && this.fl.has("createEventToSubscribedGuests");
  }

  /** Who hears of others joining or leaving (peer_add, peer_remove): guests only from FL205 (subscribed; all for web-public). */
  hearsOfPeers(user: User, channel: Channel): boolean {
    if (!user.isActive) return false;
    if (channel.inviteOnly || !this.isGuest(user)) return this.hearsOf(user, channel, false);
    if (!this.fl.has("peerEventsToGuests")) return false;
    return channel.isWebPublic || this.store.isSubscribed(user.id, channel.id);
  }

  /** The channels the user hears of, for role-change tracking (FL220). */
  channelsHeardOf(user: User): Set<number> {
    const out = new Set<number>();
    for (const c of this.store.channels.values()) if (!c.isArchived && this.hearsOf(user, c, false)) out.add(c.id);
    return out;
  }
}
