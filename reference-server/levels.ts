/**
 * Every behaviour of the reference server that depends on the feature level, one line each, named by the
 * catalog clause that states it. Handlers ask `rt.fl.has("name")`; `grep fl334` finds all of one level.
 */
export interface LevelSwitch {
  /** The first level with the behaviour. */
  since: number;
  /** The first level without it, when a later level removed it. */
  until?: number;
  clause: string;
}

const since = (level: number, clause: string): LevelSwitch => ({ since: level, clause });
const between = (level: number, until: number, clause: string): LevelSwitch => ({ since: level, until, clause });

export const levels = {
  // --- server, register, events ---
  /** Before it, only some endpoints list unsupported parameters (FL78, FL96, FL111). */
  ignoredParametersEverywhere: since(167, "fl167.server.ignored-parameters-unsupported"),
  badPrincipalIsBadRequest: since(208, "fl208.channels.bad-principal"),
  realmUrlField: since(257, "fl257.server.realm-url"),
  // --- messages: send and fetch ---
  realmStrMismatchRejected: between(153, 166, "fl153.messages.realm-str-mismatch-rejected"),
  directMessageType: since(174, "fl174.messages.direct-type"),
  includeAnchorParameter: since(155, "fl155.messages.include-anchor"),
  dmNarrowFilters: since(177, "fl177.messages.dm-narrow-filters"),
  messageIdsParameter: since(300, "fl300.messages.message-ids"),
  emptyTopicName: since(334, "fl334.messages.empty-topic-send"),
  allowEmptyTopicNameParameter: since(334, "fl334.messages.fetch-allow-empty-topic-name"),
  emptyTopicNameCapability: since(334, "fl334.register.capability-empty-topic-name"),
  emptyTopicDisplayName: since(334, "fl334.register.empty-topic-display-name"),
  linkifierUrlTemplateCapability: since(176, "fl176.register.capability-linkifier-url-template"),
  includeDeactivatedGroupsCapability: since(294, "fl294.register.capability-include-deactivated-groups"),
  userListIncompleteCapability: since(232, "fl232.register.capability-user-list-incomplete"),
  presenceHistoryLimitDays: since(288, "fl288.register.presence-history-limit-days"),
  reactionUserDictRemoved: since(328, "fl328.messages.reaction-user-dict-removed"),
  lastMovedTimestamp: since(365, "fl365.messages.last-moved-timestamp"),
  // --- messages: edit, move, delete, history ---
  // --- messages: flags, unreads, topics, read receipts ---
  // --- messages: reactions, submessages, typing, scheduled messages, empty topic ---
  // --- realm settings ---
  includeDeactivatedGroupsParam: since(294, "fl294.groups.include-deactivated-groups-param"),
  editTopicPolicyNobody: between(159, 316, "fl159.realm.edit-topic-policy-nobody"),
  moveBetweenStreamsPolicyNobody: between(159, 310, "fl159.realm.move-between-streams-policy-nobody"),
  moveLimitSettings: since(162, "fl162.realm.move-within-stream-limit-setting"),
  emailVisibilityUserSetting: since(163, "fl163.realm.email-address-visibility-removed"),
  communityTopicEditingLimitRemoved: since(183, "fl183.realm.community-topic-editing-limit-removed"),
  createMultiuseInviteGroup: since(209, "fl209.realm.create-multiuse-invite-group"),
  meetServerUrl: since(212, "fl212.realm.meet-server-url"),
  enableGuestUserIndicator: since(216, "fl216.realm.enable-guest-user-indicator"),
  canAccessAllUsersGroupId: since(225, "fl225.realm.can-access-all-users-group-id"),
  announcementStreamsRenamed: since(241, "fl241.realm.new-stream-announcements-stream"),
  updateAnnouncementsStream: since(242, "fl242.realm.update-announcements-stream-id"),
  canCreatePublicChannelGroup: since(264, "fl264.realm.can-create-public-channel-group"),
  canCreatePrivateChannelGroup: since(266, "fl266.realm.can-create-private-channel-group"),
  directMessageGroups: since(270, "fl270.realm.direct-message-initiator-group"),
  canCreateWebPublicChannelGroup: since(280, "fl280.realm.can-create-web-public-channel-group"),
  canDeleteOwnMessageGroup: since(291, "fl291.realm.can-delete-own-message-group"),
  canCreateGroups: since(299, "fl299.realm.can-create-groups"),
  canAddCustomEmojiGroup: since(307, "fl307.realm.can-add-custom-emoji-group"),
  canMoveBetweenChannelsGroup: since(310, "fl310.realm.can-move-messages-between-channels-group"),
  canMoveBetweenTopicsGroup: since(316, "fl316.realm.can-move-messages-between-topics-group"),
  canInviteUsersGroup: since(321, "fl321.realm.can-invite-users-group"),
  moderationRequestChannel: since(331, "fl331.realm.moderation-request-channel-id"),
  canAddSubscribersGroup: since(341, "fl341.realm.can-add-subscribers-group"),
  canCreateBotsGroups: since(344, "fl344.realm.can-create-bots-group"),
  enableGuestUserDmWarning: since(348, "fl348.realm.enable-guest-user-dm-warning"),
  canMentionManyUsersGroup: since(352, "fl352.realm.can-mention-many-users-group"),
  videoChatServerOauth: since(353, "fl353.realm.video-chat-provider-server-oauth"),
  editHistoryVisibilityPolicy: since(358, "fl358.realm.edit-history-visibility-policy"),
} as const satisfies Record<string, LevelSwitch>;

export type LevelSwitchName = keyof typeof levels;

/** The emulated level, with the faults that flip some of its switches. */
export class FeatureLevel {
  constructor(
    readonly level: number,
    private readonly flipped: ReadonlySet<LevelSwitchName> = new Set(),
  ) {}

  has(name: LevelSwitchName): boolean {
    const s: LevelSwitch = levels[name];
    const on = this.level >= s.since && (s.until === undefined || this.level < s.until);
    return this.flipped.has(name) ? !on : on;
  }

  atLeast(level: number): boolean {
    return this.level >= level;
  }
}
