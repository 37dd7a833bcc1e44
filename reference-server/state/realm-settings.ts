import type { FeatureLevel, LevelSwitchName } from "../levels.ts";
import { zulipProductHas, type ZulipLevelName } from "../zulip-levels.ts";
import type { SystemGroupName } from "./groups.ts";

/** How a setting's value is validated on PATCH /realm. */
export type SettingType =
  | { type: "bool" }
  | { type: "int"; min: number; max: number; nullable?: boolean }
  /** `later`: values that exist only from a level on (FL159's Nobody, FL353's new video provider). */
  | { type: "enum"; values: readonly number[]; later?: Readonly<Record<number, LevelSwitchName>> }
  | { type: "string"; maxLength: number; nullable?: boolean }
  /** A group-setting value (wire §11). */
  | { type: "gsv" }
  /** A group id (the spec's *_group_id and create_multiuse_invite_group: an id, which is also a valid GSV). */
  | { type: "group-id" }
  /** A channel id, or -1 for none. */
  | { type: "channel-id" };

export interface RealmSettingDef {
  /** The property name in PATCH /realm and realm events; POST /register sends it as realm_<name>. */
  name: string;
  kind: SettingType;
  /** A literal default, or a system group's name for group settings. */
  default: boolean | number | string | null | { group: SystemGroupName };
  /** The level switch under which the setting exists (absent: every level of the catalog). */
  since?: LevelSwitchName;
  /** The level switch that removed it from PATCH /realm and realm events. */
  removedBy?: LevelSwitchName;
  /** `update` sends {property, value}; `update_dict` sends {property: "default", data: {name: value}}. */
  event: "update" | "update_dict";
  /** `--product zulip`: the event a real server sends where it is not the spec's. */
  zulipEvent?: "update";
  /** `--product zulip`: from this level a group id is a group-setting value, as on real servers. */
  zulipValueFrom?: ZulipLevelName;
  /** `--product zulip`: the string a real server sends and takes for each code of an enum. */
  zulipCodes?: Readonly<Record<number, string>>;
  /** Only owners may change it. */
  ownerOnly?: boolean;
  /**
   * `server`: set by the server's configuration or the plan, never by PATCH /realm; POST /register and realm
   * events carry it as its own code says (the upload limits: reference-server/api/uploads/limits.ts).
   */
  setBy?: "server";
}

const gsv = (name: string, group: SystemGroupName, since: LevelSwitchName, extra: Partial<RealmSettingDef> = {}): RealmSettingDef => ({
  name,
  kind: { type: "gsv" },
  default: { group },
  since,
  event: "update_dict",
  ...extra,
});

const policy = (name: string, values: readonly number[], def: number, removedBy: LevelSwitchName): RealmSettingDef => ({
  name,
  kind: { type: "enum", values },
  default: def,
  removedBy,
  event: "update",
});

/** Policies' codes (wire §12); FL159 added 6 = Nobody to the two move policies. */
const COMMON_POLICY = [1, 2, 3, 4] as const;

/**
 * The organization settings the reference server models: the permission settings of the spec's table (each with
 * the policy it replaced), and the other realm settings the spec names. Data: PATCH /realm, POST /register and
 * the realm events all read this one table.
 */
export const REALM_SETTINGS: readonly RealmSettingDef[] = [
  { name: "name", kind: { type: "string", maxLength: 40 }, default: "Conformance Lab", event: "update" },
  { name: "description", kind: { type: "string", maxLength: 1000 }, default: "The organization every reference server starts with.", event: "update" },
  { name: "allow_message_editing", kind: { type: "bool" }, default: true, event: "update_dict" },
  { name: "message_content_edit_limit_seconds", kind: { type: "int", min: 1, max: 2_000_000_000, nullable: true }, default: 600, event: "update_dict" },
  {
    name: "message_content_delete_limit_seconds",
    kind: { type: "int", min: 1, max: 2_000_000_000, nullable: true },
    default: null,
    event: "update_dict",
    zulipEvent: "update",
  },
  {
    name: "move_messages_within_stream_limit_seconds",
    kind: { type: "int", min: 1, max: 2_000_000_000, nullable: true },
    default: 604_800,
    since: "moveLimitSettings",
    event: "update_dict",
    zulipEvent: "update",
  },
  {
    name: "move_messages_between_streams_limit_seconds",
    kind: { type: "int", min: 1, max: 2_000_000_000, nullable: true },
    default: 604_800,
    since: "moveBetweenLimitSetting",
    event: "update_dict",
    zulipEvent: "update",
  },
  {
    name: "community_topic_editing_limit_seconds",
    kind: { type: "int", min: 1, max: 2_000_000_000 },
    default: 259_200,
    removedBy: "communityTopicEditingLimitRemoved",
    event: "update",
  },
  { name: "waiting_period_threshold", kind: { type: "int", min: 0, max: 1_000_000 }, default: 0, event: "update" },
  // Permission settings (group-setting values) and the policies they replaced.
  gsv("can_create_public_channel_group", "role:members", "canCreatePublicChannelGroup"),
  policy("create_public_stream_policy", COMMON_POLICY, 1, "canCreatePublicChannelGroup"),
  gsv("can_create_private_channel_group", "role:members", "canCreatePrivateChannelGroup"),
  policy("create_private_stream_policy", COMMON_POLICY, 1, "canCreatePrivateChannelGroup"),
  gsv("can_create_web_public_channel_group", "role:moderators", "canCreateWebPublicChannelGroup"),
  policy("create_web_public_stream_policy", [2, 4, 6, 7], 4, "canCreateWebPublicChannelGroup"),
  gsv("direct_message_initiator_group", "role:everyone", "directMessageGroups"),
  gsv("direct_message_permission_group", "role:everyone", "directMessageGroups"),
  policy("private_message_policy", [1, 2], 1, "directMessageGroups"),
  gsv("can_create_groups", "role:members", "canCreateGroups"),
  gsv("can_manage_all_groups", "role:owners", "canCreateGroups"),
  policy("user_group_edit_policy", [1, 2, 3, 4], 1, "canCreateGroups"),
  gsv("can_delete_own_message_group", "role:everyone", "canDeleteOwnMessageGroup"),
  policy("delete_own_message_policy", [1, 2, 3, 4, 5], 5, "canDeleteOwnMessageGroup"),
  gsv("can_invite_users_group", "role:members", "canInviteUsersGroup", { ownerOnly: false }),
  policy("invite_to_realm_policy", [1, 2, 3, 4, 6], 1, "canInviteUsersGroup"),
  gsv("can_move_messages_between_topics_group", "role:everyone", "canMoveBetweenTopicsGroup"),
  {
    ...policy("edit_topic_policy", [1, 2, 3, 4, 5, 6], 5, "canMoveBetweenTopicsGroup"),
    kind: { type: "enum", values: [1, 2, 3, 4, 5, 6], later: { 6: "editTopicPolicyNobody" } },
  },
  gsv("can_move_messages_between_channels_group", "role:members", "canMoveBetweenChannelsGroup"),
  {
    ...policy("move_messages_between_streams_policy", [1, 2, 3, 4, 6], 1, "canMoveBetweenChannelsGroup"),
    kind: { type: "enum", values: [1, 2, 3, 4, 6], later: { 6: "moveBetweenStreamsPolicyNobody" } },
  },
  gsv("can_add_custom_emoji_group", "role:members", "canAddCustomEmojiGroup"),
  policy("add_custom_emoji_policy", COMMON_POLICY, 1, "canAddCustomEmojiGroup"),
  gsv("can_add_subscribers_group", "role:members", "canAddSubscribersGroup"),
  policy("invite_to_stream_policy", COMMON_POLICY, 1, "canAddSubscribersGroup"),
  gsv("can_create_bots_group", "role:members", "canCreateBotsGroups"),
  gsv("can_create_write_only_bots_group", "role:members", "canCreateBotsGroups"),
  policy("bot_creation_policy", [1, 2, 3], 1, "canCreateBotsGroups"),
  gsv("can_mention_many_users_group", "role:administrators", "canMentionManyUsersGroup"),
  policy("wildcard_mention_policy", [1, 2, 3, 5, 6, 7], 5, "canMentionManyUsersGroup"),
  {
    name: "can_access_all_users_group_id",
    kind: { type: "group-id" },
    zulipValueFrom: "groupIdSettingsAsValues",
    default: { group: "role:everyone" },
    since: "canAccessAllUsersGroupId",
    event: "update_dict",
    ownerOnly: true,
  },
  {
    name: "create_multiuse_invite_group",
    kind: { type: "group-id" },
    zulipValueFrom: "groupIdSettingsAsValues",
    default: { group: "role:administrators" },
    since: "createMultiuseInviteGroup",
    event: "update_dict",
  },
  // Other realm settings of the spec's table.
  { name: "enable_guest_user_indicator", kind: { type: "bool" }, default: true, since: "enableGuestUserIndicator", event: "update" },
  { name: "enable_guest_user_dm_warning", kind: { type: "bool" }, default: true, since: "enableGuestUserDmWarning", event: "update" },
  { name: "moderation_request_channel_id", kind: { type: "channel-id" }, default: -1, since: "moderationRequestChannel", event: "update" },
  { name: "default_code_block_language", kind: { type: "string", maxLength: 100 }, default: "", event: "update" },
  { name: "video_chat_provider", kind: { type: "enum", values: [0, 1, 3, 4, 5], later: { 5: "videoChatServerOauth" } }, default: 1, event: "update" },
  // The spec's names for the announcement channels (the catalog's ruling on fl241; real servers add _id).
  { name: "notifications_stream", kind: { type: "channel-id" }, default: -1, removedBy: "announcementStreamsRenamed", event: "update" },
  { name: "signup_notifications_stream", kind: { type: "channel-id" }, default: -1, removedBy: "signupAnnouncementsRenamed", event: "update" },
  { name: "new_stream_announcements_stream", kind: { type: "channel-id" }, default: -1, since: "announcementStreamsRenamed", event: "update" },
  { name: "signup_announcements_stream", kind: { type: "channel-id" }, default: -1, since: "signupAnnouncementsRenamed", event: "update" },
  { name: "chat_update_announcements_stream_id", kind: { type: "channel-id" }, default: -1, since: "updateAnnouncementsStream", event: "update" },
  { name: "allow_edit_history", kind: { type: "bool" }, default: true, removedBy: "allowEditHistoryRemoved", event: "update" },
  {
    name: "message_edit_history_visibility_policy",
    kind: { type: "enum", values: [1, 2, 3] },
    default: 1,
    since: "editHistoryVisibilityPolicy",
    event: "update",
    zulipCodes: { 1: "all", 2: "moves", 3: "none" },
  },
  { name: "meet_server_url", kind: { type: "string", maxLength: 200, nullable: true }, default: null, since: "meetServerUrl", event: "update" },
  { name: "email_address_visibility", kind: { type: "enum", values: [1, 2, 3, 4, 5] }, default: 1, removedBy: "emailVisibilityUserSetting", event: "update" },
  // Upload limits: the server's (reference-server/api/uploads/limits.ts). The quota is in MiB, null for none.
  { name: "max_file_upload_size_mib", kind: { type: "int", min: 0, max: 1_000_000 }, default: 25, event: "update_dict", setBy: "server" },
  { name: "upload_quota_mib", kind: { type: "int", min: 0, max: 1_000_000_000, nullable: true }, default: 5120, event: "update_dict", setBy: "server" },
] as const;

export const REALM_SETTING_BY_NAME: ReadonlyMap<string, RealmSettingDef> = new Map(REALM_SETTINGS.map((d) => [d.name, d]));

/**
 * The kind of value the setting takes and holds at the emulated level: its table kind, or under `--product zulip`
 * a group-setting value for a group id from the level real servers made it one.
 */
export function settingKind(rt: { fl: FeatureLevel; config: { product: string } }, def: RealmSettingDef): SettingType {
  return def.kind.type === "group-id" && def.zulipValueFrom !== undefined && zulipProductHas(rt, def.zulipValueFrom) ? { type: "gsv" } : def.kind;
}
