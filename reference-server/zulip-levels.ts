import type { FeatureLevel } from "./levels.ts";

/**
 * Behaviours of real Zulip servers that the spec does not state (Zulip-only operations, and changes at levels the
 * spec lists as changing nothing), at the level the "Changes" notes of Zulip's API description give them. levels.ts
 * cannot hold them: each of its switches names a catalog clause. Whole operations are gated by their route's
 * `operation` instead.
 */
export const ZULIP_LEVELS = {
  /** POST /fetch_api_key and POST /dev_fetch_api_key answer user_id too. */
  fetchApiKeyUserId: 171,
  /** Muting a muted topic, or unmuting one that is not muted, succeeds instead of failing (muted_topics endpoint). */
  mutedTopicNoOpSucceeds: 169,
  /** Bots can be muted and unmuted; before, a bot's id was "No such user". */
  muteBots: 188,
  /** Code playgrounds take and carry url_template, an RFC 6570 template, in place of url_prefix. */
  playgroundUrlTemplate: 196,
  /** The register section `saved_snippets`, which came with the saved-snippet endpoints. */
  savedSnippets: 297,
  /** The subscribe response keys its `subscribed` and `already_subscribed` by user ID; before, by email address. */
  subscribeResultByUserId: 289,
  /** Default channels travel as channel IDs, not channel objects (register realm_default_streams, default_streams events). */
  defaultChannelIds: 330,
  /** Channel objects carry stream_weekly_traffic (subscription objects always did). */
  channelWeeklyTraffic: 199,
  /** Channel objects carry creator_id. */
  channelCreatorId: 254,
  /** Channel objects carry is_archived. */
  channelIsArchived: 315,
  /** Channel objects carry is_recently_active. */
  channelIsRecentlyActive: 323,
  /** The stream delete event's deprecated `streams` holds objects with stream_id alone, not whole channels. */
  streamDeleteStreamsIdOnly: 343,
  /**
   * Channel objects carry can_administer_channel_group, and channel creation and PATCH /streams/{id} set it
   * (changelog FL325; the catalog dates the setting at FL349 with what a channel administrator may do, which stays there).
   */
  channelCanAdministerChannelGroup: 325,
  /** Channel objects carry can_subscribe_group. */
  channelCanSubscribeGroup: 357,
  /**
   * Groups can be deactivated: POST /user_groups/{id}/deactivate exists, group objects carry `deactivated`, and
   * register lists deactivated groups to every client until the include_deactivated_groups capability decides it
   * (changelog FL290; the spec brings deactivation at FL294, wire §17.2 #10).
   */
  groupDeactivation: 290,
  /** User group objects carry creator_id and date_created. */
  groupCreatorAndDate: 292,
  /** Custom profile fields carry `required`, and POST/PATCH /realm/profile_fields take it. */
  profileFieldRequired: 244,
  /** Custom profile fields carry `editable_by_user`, and POST/PATCH /realm/profile_fields take it. */
  profileFieldEditableByUser: 296,
  /** can_manage_billing_group replaces users' is_billing_admin; register has the realm_billing section. */
  manageBillingGroup: 363,
  /** realm_date_created. */
  realmDateCreated: 203,
  /** realm_require_unique_names. */
  realmRequireUniqueNames: 246,
  /** realm_can_delete_any_message_group. */
  realmCanDeleteAnyMessageGroup: 281,
  /** realm_can_summarize_topics_group and server_can_summarize_topics. */
  topicSummaries: 350,
  /** realm_can_resolve_topics_group. */
  realmCanResolveTopicsGroup: 367,
  /** navigation_tour_video_url, in the onboarding_steps section. */
  navigationTourVideoUrl: 369,
  // User settings the spec does not list (reference-server/state/user-settings.ts).
  /** realm_name_in_email_notifications_policy (1–3) replaces the boolean realm_name_in_notifications. */
  realmNameInEmailNotificationsPolicy: 168,
  /** web_mark_read_on_scroll_policy. */
  webMarkReadOnScrollPolicy: 175,
  /** web_stream_unreads_count_display_policy. */
  webStreamUnreadsCountDisplayPolicy: 210,
  /** default_view and escape_navigates_to_default_view become web_home_view and web_escape_navigates_to_home_view. */
  webHomeView: 219,
  /** automatically_follow_topics_where_mentioned. */
  automaticallyFollowTopicsWhereMentioned: 235,
  /** web_font_size_px and web_line_height_percent. */
  webFontSizeAndLineHeight: 245,
  /** receives_typing_notifications. */
  receivesTypingNotifications: 253,
  /** web_navigate_to_sent_message. */
  webNavigateToSentMessage: 268,
  /** web_channel_default_view. */
  webChannelDefaultView: 269,
  /** web_animate_image_previews. */
  webAnimateImagePreviews: 275,
  /** web_suggest_update_timezone. */
  webSuggestUpdateTimezone: 329,
  /** hide_ai_features. */
  hideAiFeatures: 350,
  /** dense_mode is gone (web_font_size_px and web_line_height_percent took its place). */
  denseModeRemoved: 364,
  // Group permission settings of user group objects (reference-server/wire/group-zulip-settings.ts).
  /** can_mention_group_id, the group whose members may mention the group. */
  groupCanMentionGroupId: 191,
  /** can_mention_group_id is called can_mention_group. */
  groupCanMentionGroupRenamed: 198,
  /** can_manage_group. */
  groupCanManageGroup: 283,
  /** can_join_group. */
  groupCanJoinGroup: 301,
  /** can_leave_group. */
  groupCanLeaveGroup: 308,
  /** can_remove_members_group. */
  groupCanRemoveMembersGroup: 324,
  /**
   * POST /register no longer carries user_group_edit_policy: the realm property went when can_create_groups and
   * can_manage_all_groups replaced it, and Zulip's register description has no such key.
   */
  userGroupEditPolicyGone: 299,
  /** can_access_all_users_group and create_multiuse_invite_group are group-setting values, not group ids. */
  groupIdSettingsAsValues: 314,
  /** The channel setting can_remove_subscribers_group_id is called can_remove_subscribers_group. */
  canRemoveSubscribersGroupRenamed: 197,
  /**
   * GET /scheduled_messages and DELETE /scheduled_messages/{id} exist (changelog FL173); POST /scheduled_messages,
   * the only way a client makes one, comes at FL179 with the spec's, so before it the list is empty.
   */
  scheduledListAndDelete: 173,
  /**
   * POST /scheduled_messages no longer edits: PATCH /scheduled_messages/{id} does, and a scheduled_message_id sent
   * to POST is an ignored parameter (wire §17.2 #17).
   */
  scheduledEditOnlyByPatch: 184,
  /** Presence entries under `aggregated` carry no `pushable` (zulip.yaml LegacyPresenceFormat). */
  aggregatedPresenceWithoutPushable: 1,
  /**
   * The server no longer stores which client reported presence: legacy presence is keyed `website` and says so
   * in `client`; before, the key and `client` are the reporting client's name (changelog FL178).
   */
  presenceClientNotStored: 178,
} as const;

export type ZulipLevelName = keyof typeof ZULIP_LEVELS;

/**
 * Names the real product changed at a level while the spec keeps the old one: the spec's name, the real one, and
 * the switch from which the real one is sent (facts/names.ts renames through them).
 */
const LATER_NAMES: ReadonlyArray<readonly [spec: string, real: string, from: ZulipLevelName]> = [
  ["can_remove_subscribers_group_id", "can_remove_subscribers_group", "canRemoveSubscribersGroupRenamed"],
];

/** The renames of LATER_NAMES that the emulated level has (the `later` of toRealNames). */
export function laterNames(fl: FeatureLevel): ReadonlyMap<string, string> {
  let names = LATER_BY_LEVEL.get(fl);
  if (!names) LATER_BY_LEVEL.set(fl, (names = new Map(LATER_NAMES.filter(([, , from]) => zulipHas(fl, from)).map(([spec, real]) => [spec, real]))));
  return names;
}

const LATER_BY_LEVEL = new WeakMap<FeatureLevel, ReadonlyMap<string, string>>();

/**
 * Whether a `--product zulip` server at the emulated level has the Zulip behaviour: for behaviours where the spec
 * says otherwise, or which the default product leaves as the spec has them.
 */
export function zulipProductHas(rt: { fl: FeatureLevel; config: { product: string } }, name: ZulipLevelName): boolean {
  return rt.config.product === "zulip" && zulipHas(rt.fl, name);
}

/** Whether the emulated level has the Zulip behaviour. */
export function zulipHas(fl: FeatureLevel, name: ZulipLevelName): boolean {
  return fl.atLeast(ZULIP_LEVELS[name]);
}
