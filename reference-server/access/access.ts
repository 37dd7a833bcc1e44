import type { FaultId } from "../faults.ts";
import type { FeatureLevel } from "../levels.ts";
import type { Store } from "../state/store.ts";
import { MessageEditRules } from "./message-edit.ts";
import { ChannelAccess, type ContentUse } from "./channels.ts";
import { holds } from "./group-settings.ts";
import type { GroupSettingValue } from "../state/group-setting-value.ts";

import { EMAIL_VISIBILITY } from "../state/user-settings.ts";
import { ROLE, type Channel, type Message, type Role, type User } from "../state/types.ts";
import type { Invite } from "../state/invites.ts";
import { RealmPermissions } from "./realm-permissions.ts";

/** Whether a stored setting holds a group id or a group-setting value. */
function isGroupSettingValue(v: unknown): v is GroupSettingValue {
  return typeof v === "number" || (typeof v === "object" && v !== null && "direct_members" in v);
}

/**
 * Who may see and do what, in one place. Handlers and event fan-out ask these questions; nothing else
 * decides access.
 */
export class Access {
  /** Metadata and content access to channels, channel permissions and who hears of channels (access/channels.ts). */
  readonly channels: ChannelAccess;
  /** Realm-wide permissions of the realm settings: custom emoji, bots, direct messages (access/realm-permissions.ts). */
  readonly realm: RealmPermissions;

  constructor(
    private readonly store: Store,
    private readonly fl: FeatureLevel,
    /** The server's named faults (a clean server has none); access rules that a fault breaks ask it. */
    private readonly faulty: (id: FaultId) => boolean = () => false,
  ) {
    this.channels = new ChannelAccess(store, fl, faulty);
    this.realm = new RealmPermissions(store, fl);
  }

  isGuest(user: User): boolean {
    return user.role === ROLE.guest;
  }

  /** Metadata access: the channel exists for the user (name, description, subscribers). See access/channels.ts. */
  canSeeChannel(user: User, channel: Channel): boolean {
    return this.channels.metadata(user, channel);
  }

  /** Content access: the user may read the channel's history (messages the user never received); `use`: FL354's switch. */
  canReadChannelHistory(user: User, channel: Channel, use?: ContentUse): boolean {
    return this.channels.readHistory(user, channel, use);
  }

  /** May the user post to the channel? */
  canPostToChannel(user: User, channel: Channel): boolean {
    return this.channels.post(user, channel);
  }

  /** May the user read this message (received it, or reads it through the channel's shared history)? */
  canReadMessage(user: User, message: Message, use?: ContentUse): boolean {
    const received = this.store.flagsOf(user.id, message.id) !== undefined;
    if (received && !(this.faulty("fl153.messages.access-received") && message.channelId !== null && !this.store.isSubscribed(user.id, message.channelId)))
      return true;
    if (message.type !== "stream" || message.channelId === null) return this.faulty("fl153.messages.access-direct-message") && this.store.isAdmin(user);
    const channel = this.store.channels.get(message.channelId);
    return channel !== undefined && this.canReadChannelHistory(user, channel, use);
  }

  /** May the user delete whole topics (POST /streams/{stream_id}/delete_topic)? Organization administrators only. */
  canDeleteTopics(user: User): boolean {
    return this.store.isAdmin(user);
  }

  /**
   * Who is told about changes to a message (reactions, submessages, edit typing): the participants of a direct
   * message; for a channel message, the channel's subscribers who can read it.
   */
  messageAudience(message: Message): number[] {
    if (message.type !== "stream" || message.channelId === null) return [...message.dmUserIds];
    return [...this.store.subscribersOf(message.channelId)].filter((id) => {
      const u = this.store.users.get(id);
      return u !== undefined && u.isActive && this.canReadMessage(u, message);
    });
  }

  /** May the user send typing notifications to this channel's subscribers (real servers: the channel exists for them)? */
  canTypeInChannel(user: User, channel: Channel): boolean {
    return this.canSeeChannel(user, channel);
  }

  /** Who may edit, move and delete messages, and until when, at the emulated level (access/message-edit.ts). */
  messageEdits(fl: FeatureLevel, faulty: (id: FaultId) => boolean): MessageEditRules {
    return new MessageEditRules(this.store, fl, faulty);
  }

  /** Whether the viewer's access to other users is limited: it is outside can_access_all_users_group_id (FL225). */
  isUserAccessRestricted(viewer: User): boolean {
    if (!this.fl.has("restrictedUserAccess")) return false;
    // A group id, or under `--product zulip` from FL314 a group-setting value.
    const group = this.store.settings.get("can_access_all_users_group_id");
    return !isGroupSettingValue(group) || !holds(this.store.groups, viewer, group);
  }

  /**
   * Whether the viewer can access another user. Unrestricted viewers access everyone; restricted ones (FL225)
   * themselves, bots, and the users they share a channel or a direct-message conversation with (the catalog's
   * ruling on fl225.users.can-access-all-users-restriction, as real servers do).
   */
  canSeeUser(viewer: User, other: User): boolean {
    if (viewer.id === other.id || other.isBot || !this.isUserAccessRestricted(viewer)) return true;
    if (this.store.dmPartners.shared(viewer.id, other.id)) return true;
    for (const c of this.store.subscriptionsOf(viewer.id)) if (this.store.isSubscribed(other.id, c)) return true;
    return false;
  }

  /** canSeeUser for one viewer over many users: computes the viewer's accessible set once. */
  userFilter(viewer: User): (other: User) => boolean {
    if (!this.isUserAccessRestricted(viewer)) return () => true;
    const ids = new Set<number>([viewer.id, ...this.store.dmPartners.of(viewer.id)]);
    for (const c of this.store.subscriptionsOf(viewer.id)) for (const id of this.store.subscribersOf(c)) ids.add(id);
    return (other) => other.isBot || ids.has(other.id);
  }

  /**
   * Whether the viewer may see the user's real (delivery) email: the user's email_address_visibility from FL163,
   * the organization's before. Everyone sees their own; bots' emails are public.
   */
  canSeeRealEmail(viewer: User, user: User): boolean {
    if (viewer.id === user.id || user.isBot) return true;
    return this.emailVisibleTo(viewer, this.emailVisibility(user));
  }

  /** The visibility (EMAIL_VISIBILITY code) governing the user's email at the emulated level. */
  emailVisibility(user: User): number {
    if (user.isBot) return EMAIL_VISIBILITY.everyone;
    const v = this.fl.has("emailVisibilityPerUser")
      ? this.store.userSettings.get(user.id, "email_address_visibility")
      : this.store.settings.get("email_address_visibility");
    return typeof v === "number" ? v : EMAIL_VISIBILITY.everyone;
  }

  /** Whether the organization's own email_address_visibility (the rule before FL163) shows every email to everyone. */
  organizationEmailsPublic(): boolean {
    return this.store.settings.get("email_address_visibility") === EMAIL_VISIBILITY.everyone;
  }

  private emailVisibleTo(viewer: User, visibility: number): boolean {
    switch (visibility) {
      case EMAIL_VISIBILITY.everyone:
        return true;
      case EMAIL_VISIBILITY.members:
        return viewer.role <= ROLE.member;
      case EMAIL_VISIBILITY.moderators:
        return viewer.role <= ROLE.moderator;
      case EMAIL_VISIBILITY.admins:
        return viewer.role <= ROLE.administrator;
      default:
        return false;
    }
  }

  /** May the user deactivate, reactivate, create and edit other users? Organization administrators. */
  canAdministerUsers(user: User): boolean {
    return this.store.isAdmin(user);
  }

  /**
   * Owners alone make or unmake owners: may the user give `role` to someone whose role is `current` (none for an
   * invitation)?
   */
  canAssignRole(user: User, role: Role, current?: Role): boolean {
    return user.role === ROLE.owner || (role !== ROLE.owner && current !== ROLE.owner);
  }

  /** May the user invite someone as `role`? Owners alone invite owners, administrators alone administrators. */
  canInviteAs(user: User, role: Role): boolean {
    return this.canAssignRole(user, role) && (role > ROLE.administrator || this.store.isAdmin(user));
  }

  /** Owners alone deactivate owners (administrators anyone else, canAdministerUsers). */
  canDeactivateUser(user: User, target: User): boolean {
    return target.role !== ROLE.owner || user.role === ROLE.owner;
  }

  /** Administrators (owners included): what canAdministerUsers grants, asked of settings and channels too. */
  hasAdminRights(user: User): boolean {
    return this.store.isAdmin(user);
  }

  /** Owners alone deactivate the organization, and change the realm settings marked owner-only. */
  hasOwnerRights(user: User): boolean {
    return user.role === ROLE.owner;
  }

  /** Whether the user is an owner and no other active owner (bots counted) is left: no one may deactivate them. */
  isOnlyOwner(user: User): boolean {
    return user.role === ROLE.owner && [...this.store.users.values()].filter((u) => u.isActive && u.role === ROLE.owner).length <= 1;
  }

  /**
   * Whether the user may not deactivate their own account: refused to the only active user of the organization
   * (bots count), and to its only human owner.
   */
  ownDeactivationRefusal(user: User): "only-user" | "only-owner" | null {
    const active = [...this.store.users.values()].filter((u) => u.isActive);
    if (active.length === 1) return "only-user";
    const humanOwners = active.filter((u) => u.role === ROLE.owner && !u.isBot);
    return user.role === ROLE.owner && !user.isBot && humanOwners.length === 1 ? "only-owner" : null;
  }

  /** May the user edit or deactivate the bot? Its owner and administrators. */
  canManageBot(user: User, bot: User): boolean {
    return bot.botOwnerId === user.id || this.store.isAdmin(user);
  }

  /**
   * May the user create a bot of this type? From FL344 members of can_create_bots_group, and for incoming-webhook
   * bots (type 2) also of can_create_write_only_bots_group; before, bot_creation_policy (access/realm-permissions.ts).
   */
  canCreateBot(user: User, botType: number): boolean {
    return this.realm.canCreateBot(user, botType);
  }

  /** Who gets realm_bot events about a bot: its owner and the administrators. */
  botAudience(bot: User): number[] {
    return [...this.store.users.values()].filter((u) => u.isActive && (u.id === bot.botOwnerId || this.store.isAdmin(u))).map((u) => u.id);
  }

  /**
   * Whose presence the viewer gets: everyone, or, when presence follows user access (`limited`: the server setting
   * CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE from FL228), only the users it can access.
   */
  presenceFilter(viewer: User, limited: boolean): (other: User) => boolean {
    return limited ? this.userFilter(viewer) : () => true;
  }

  /**
   * May the user download an uploaded file? Its uploader, and whoever can read a message that links it (real
   * servers: only the uploader until the link is shared in a message).
   */
  /** May the user go on with a tus upload in progress (HEAD, PATCH, DELETE)? Only the user who created it. */
  canContinueUpload(user: User, ownerId: number): boolean {
    return user.id === ownerId;
  }

  canReadUpload(user: User, upload: { ownerId: number; pathId: string }): boolean {
    return this.canShareUpload(user, upload);
  }

  /**
   * May a message of the user (`messageId`, once sent) claim the file, as its attachment? Only when the user could
   * read the file without that message.
   */
  canShareUpload(user: User, upload: { ownerId: number; pathId: string }, messageId?: number): boolean {
    if (upload.ownerId === user.id) return true;
    for (const id of this.store.attachments.messagesLinking(upload.pathId)) {
      const message = id === messageId ? undefined : this.store.messages.get(id);
      if (message !== undefined && this.canReadMessage(user, message)) return true;
    }
    return false;
  }

  /** May the user delete an uploaded file (DELETE /attachments/{attachment_id})? Only its uploader. */
  canDeleteUpload(user: User, upload: { ownerId: number }): boolean {
    return upload.ownerId === user.id;
  }

  /**
   * May the user send email invitations? From FL321 members of can_invite_users_group; before, as
   * invite_to_realm_policy says (1 members, 2 administrators, 3 full members, 4 moderators, 6 nobody). Never guests.
   */
  canSendInvites(user: User): boolean {
    if (this.isGuest(user)) return false;
    if (this.fl.has("inviteUsersGroupEnforced")) return holds(this.store.groups, user, this.store.settings.get("can_invite_users_group") as GroupSettingValue);
    switch (this.store.settings.get("invite_to_realm_policy")) {
      case 2:
        return this.store.isAdmin(user);
      case 4:
        return user.role <= ROLE.moderator;
      case 6:
        return false;
      default:
        return true;
    }
  }

  /** May the user create reusable invitation links? From FL209 members of create_multiuse_invite_group; before, administrators. */
  canCreateMultiuseInvite(user: User): boolean {
    if (!this.fl.has("multiuseInviteGroupEnforced")) return this.store.isAdmin(user);
    const group = this.store.settings.get("create_multiuse_invite_group");
    // A group id, or under `--product zulip` from FL314 a group-setting value.
    return !this.isGuest(user) && isGroupSettingValue(group) && holds(this.store.groups, user, group);
  }

  /** May the user call GET /invites? Administrators; from FL209 everyone (non-administrators see their own). */
  canListInvites(user: User): boolean {
    return this.store.isAdmin(user) || this.fl.has("invitesListOwnForNonAdmins");
  }

  /** The invitations GET /invites shows the user: all for administrators, their own for the others. */
  visibleInvites(user: User): Invite[] {
    return this.store.isAdmin(user) ? this.store.invites.all() : this.store.invites.createdBy(user.id);
  }

  /**
   * May the user revoke (or resend) the invitation? Administrators any; its creator an email invitation, and from
   * FL209 a reusable link too.
   */
  canManageInvite(user: User, invite: Invite): boolean {
    if (this.store.isAdmin(user)) return true;
    if (invite.invitedById !== user.id) return false;
    return !invite.isMultiuse || this.fl.has("revokeOwnMultiuseInvite");
  }

  /** Who gets invites_changed about an invitation: the administrators, and from FL209 its creator. */
  invitesChangedAudience(invite: Invite): number[] {
    const ids = new Set(this.adminIds());
    if (this.fl.has("invitesChangedToCreator")) ids.add(invite.invitedById);
    return [...ids];
  }

  /** The active administrators and owners. */
  adminIds(): number[] {
    return [...this.store.users.values()].filter((u) => u.isActive && !u.isBot && this.store.isAdmin(u)).map((u) => u.id);
  }

  /** May the user export the organization's data and read consents? Administrators. */
  canExportRealm(user: User): boolean {
    return this.store.isAdmin(user);
  }
}
