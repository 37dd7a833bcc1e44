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
  lastEditTimestampContentOnly: since(365, "fl365.messages.last-edit-timestamp-content-only"),
  deleteEventToDeleter: since(274, "fl274.messages.delete-event-to-deleter"),
  detachedUploads: since(285, "fl285.messages.detached-uploads"),
  historyAllowEmptyTopicName: since(334, "fl334.messages.history-allow-empty-topic-name"),
  moveIndependentOfMessageEditing: since(159, "fl159.messages.topic-edit-independent-of-message-editing"),
  senderTopicEditLimited: since(159, "fl159.messages.sender-topic-edit-limited"),
  topicEditTimeLimitSetting: since(162, "fl162.messages.topic-edit-time-limit"),
  channelMoveTimeLimit: since(162, "fl162.messages.move-channel-time-limit"),
  moveTimeLimitExceededError: since(172, "fl172.messages.move-time-limit-exceeded"),
  topicRestrictionsWithoutTopic: since(172, "fl172.messages.topic-edit-restrictions-no-topic"),
  deleteOwnGroupEnforced: since(291, "fl291.realm.can-delete-own-message-group-enforced"),
  moveChannelsGroupEnforced: since(310, "fl310.realm.can-move-messages-between-channels-group-enforced"),
  moveTopicsGroupEnforced: since(316, "fl316.realm.can-move-messages-between-topics-group-enforced"),
  // --- messages: flags, unreads, topics, read receipts ---
  flagsNarrowEndpoint: since(155, "fl155.messages.flags-narrow"),
  flagsNoOpNotListed: since(155, "fl155.messages.flags-unchanged-not-listed"),
  markReadCompleteField: since(211, "fl211.messages.mark-all-as-read-complete"),
  deleteTopicCompleteField: since(211, "fl211.messages.delete-topic-complete"),
  unreadCountsUnmuteFollow: since(213, "fl213.register.unread-counts-followed-unmuted"),
  automaticVisibilityOnSend: since(214, "fl214.settings.automatically-follow-topics-policy"),
  automaticNewVisibilityPolicy: since(218, "fl218.messages.automatic-new-visibility-policy"),
  readBySender: since(236, "fl236.messages.read-by-sender"),
  topicsAllowEmptyTopicName: since(334, "fl334.messages.topics-allow-empty-topic-name"),
  ignoredBecauseNotSubscribed: since(355, "fl355.messages.ignored-because-not-subscribed"),
  // --- messages: reactions, submessages, typing, scheduled messages, empty topic ---
  reactionEventUserDropped: between(328, 339, "fl328.messages.reaction-event-user-dropped"),
  typingPrivateRejected: since(215, "fl215.messages.typing-private-rejected"),
  typingStreamId: since(215, "fl215.messages.typing-stream-id"),
  typingEventDirectType: since(215, "fl215.messages.typing-event-message-type"),
  typingNoTopicLiteral: since(372, "fl372.messages.typing-no-topic-literal"),
  typingTimingConstants: since(204, "fl204.register.typing-timing-constants"),
  editTypingBodyEndpoint: between(351, 361, "fl351.messages.edit-typing-endpoint"),
  editTypingPathEndpoint: since(361, "fl361.messages.edit-typing-path"),
  typingEditMessageEvent: since(351, "fl351.messages.typing-edit-message-event"),
  scheduledMessages: since(179, "fl179.messages.scheduled-create"),
  scheduledEditByPost: since(179, "fl179.messages.scheduled-edit"),
  scheduledMessagesEvent: since(179, "fl179.messages.scheduled-messages-event"),
  registerScheduledMessages: since(179, "fl179.register.scheduled-messages"),
  scheduledReadBySender: since(236, "fl236.messages.scheduled-read-by-sender"),
  scheduledFailedField: since(181, "fl181.messages.scheduled-failed-field"),
  singleAllowEmptyTopicName: since(334, "fl334.messages.single-allow-empty-topic-name"),
  topicNarrowDisplayName: since(334, "fl334.messages.topic-narrow-display-name"),
  // --- uploads ---
  uploadUrlField: since(272, "fl272.uploads.url"),
  uploadFilenameField: since(286, "fl286.uploads.filename"),
  tusEndpoint: since(295, "fl295.uploads.tus-endpoint"),
  uploadQuotaInMib: since(251, "fl251.register.upload-quota-mib"),
  uploadLimitsInUpdateDict: since(306, "fl306.realm.max-file-upload-size-update-dict"),
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
  // --- users ---
  emailVisibilityPerUser: since(163, "fl163.settings.email-address-visibility"),
  deliveryEmailAlwaysPresent: since(163, "fl163.users.delivery-email-present"),
  avatarUrlByUserVisibility: since(163, "fl163.users.avatar-url-null-by-visibility"),
  userDeactivateUpdateEvent: since(222, "fl222.users.deactivate-event"),
  userReactivateUpdateEvent: since(222, "fl222.users.reactivate-event"),
  botActiveUpdateEvent: since(222, "fl222.users.bot-active-event"),
  restrictedUserAccess: since(225, "fl225.users.can-access-all-users-restriction"),
  userUpdateEventAccess: since(228, "fl228.users.update-event-access"),
  accessGainedAddEvent: since(228, "fl228.users.guest-gains-access-add"),
  accessLostRemoveEvent: since(228, "fl228.users.guest-loses-access-remove"),
  unknownUserAddEventByCapability: since(232, "fl232.users.unknown-user-add-event"),
  unknownUserPlaceholdersByCapability: since(232, "fl232.register.unknown-user-placeholders"),
  lookupByEmailVisibility: since(302, "fl302.users.lookup-by-email-visibility"),
  reactivationEventAccess: since(303, "fl303.users.reactivation-event-access"),
  deactivationLeavesGroups: since(303, "fl303.groups.deactivation-removes-memberships"),
  reactivationRejoinsGroups: since(303, "fl303.groups.reactivation-add-members"),
  deactivatedUsersNotMembers: since(303, "fl303.groups.deactivated-users-not-members"),
  createGroupReturnsId: since(317, "fl317.groups.create-returns-group-id"),
  botOwnerChangeKeepsSubscriptions: since(359, "fl359.users.bot-owner-change-keeps-subscriptions"),
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
