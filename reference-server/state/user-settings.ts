import type { FeatureLevel, LevelSwitchName } from "../levels.ts";
import { zulipHas, type ZulipLevelName } from "../zulip-levels.ts";
import { EMOJISET_CHOICES, LANGUAGES, NOTIFICATION_SOUNDS } from "./user-setting-choices.ts";

/** How a user setting's value is validated on PATCH /settings and PATCH /realm/user_settings_defaults. */
export type UserSettingType =
  | { type: "bool" }
  /** `wider`: a level switch under which more values are valid (choices added later). */
  | { type: "enum"; values: readonly number[]; wider?: { when: LevelSwitchName; values: readonly number[] } }
  /** An integer, within the bounds given; `invalid` words the refusal where the server has its own message. */
  | { type: "int"; min?: number; max?: number; invalid?: (value: number) => string }
  /** A raw string among `values` ("Invalid <name>" otherwise, or `invalid`'s words). */
  | { type: "choice"; values: readonly string[]; invalid?: (value: string) => string }
  /** An IANA time zone name. */
  | { type: "timezone" }
  | { type: "string"; maxLength: number };

export type UserSettingValue = boolean | number | string;

/**
 * The level a setting appears or goes at: a level switch of a spec clause (levels.ts), or for the settings the
 * spec does not list, the level Zulip's API description gives (zulip-levels.ts).
 */
export type SettingLevel = LevelSwitchName | { zulip: ZulipLevelName };

/**
 * The legacy register section (fetch_event_types name) and event type of a setting: for clients without the
 * user_settings_object capability (wire §8.2), register copies the setting to its top level and a change of it is
 * also sent as an event of this type.
 */
export type LegacySettingSection = "update_display_settings" | "update_global_notifications";

export interface UserSettingDef {
  /** The property name in PATCH /settings, register user_settings and `user_settings` events. */
  name: string;
  kind: UserSettingType;
  /** The organization's default for new users until PATCH /realm/user_settings_defaults changes it. */
  default: UserSettingValue;
  /** The level at which the setting exists (absent: every level of the catalog). */
  since?: SettingLevel;
  /** The level switch under which PATCH /realm/user_settings_defaults and register carry the default (absent: as `since`). */
  defaultSince?: LevelSwitchName;
  /** The level that removed it. */
  removedBy?: SettingLevel;
  /**
   * `read-only`: register's realm_user_settings_defaults carries the organization's default, but PATCH
   * /realm/user_settings_defaults does not take it (real servers leave language and security emails to each user);
   * `none`: the setting has no organization default at all (the time zone).
   */
  organizationDefault?: "read-only" | "none";
  /** Bots always hold this value, whatever the defaults say (email_address_visibility: bots' emails are public). */
  botValue?: UserSettingValue;
  /**
   * The legacy section that copies the setting for clients without user_settings_object, as Zulip's register
   * schema names it ("Present if `update_display_settings` …"). Only the settings of before that capability have
   * one, and the renamed successors of those; Zulip copies no newer setting.
   */
  legacy?: LegacySettingSection;
}

/** email_address_visibility codes (wire §12). */
export const EMAIL_VISIBILITY = { everyone: 1, members: 2, admins: 3, nobody: 4, moderators: 5 } as const;

const bool = (name: string, byDefault: boolean, more: Partial<UserSettingDef> = {}): UserSettingDef => ({
  name,
  kind: { type: "bool" },
  default: byDefault,
  ...more,
});
const choice = (name: string, values: readonly string[], byDefault: string, more: Partial<UserSettingDef> = {}): UserSettingDef => ({
  name,
  kind: { type: "choice", values },
  default: byDefault,
  ...more,
});
const codes = (name: string, values: readonly number[], byDefault: number, more: Partial<UserSettingDef> = {}): UserSettingDef => ({
  name,
  kind: { type: "enum", values },
  default: byDefault,
  ...more,
});
const zulip = (name: ZulipLevelName): SettingLevel => ({ zulip: name });
const DISPLAY = { legacy: "update_display_settings" } as const;
const NOTIFICATION = { legacy: "update_global_notifications" } as const;

/** The codes of the three-way settings (each row says what they stand for). */
const ONE_TO_THREE = [1, 2, 3] as const;
const SECONDS_IN_A_WEEK = 7 * 24 * 60 * 60;

/**
 * The user settings the reference server models, one table: PATCH /settings, PATCH /realm/user_settings_defaults,
 * register user_settings / realm_user_settings_defaults and the `user_settings` and `realm_user_settings_defaults`
 * update events all read it, and so do the legacy copies (`legacy`) for clients without user_settings_object. Add
 * a row to model another setting. Every setting of Zulip's PATCH /settings up to FL372 is here, with the default a
 * Zulip 10 server gives; the spec names only some of them.
 */
export const USER_SETTINGS: readonly UserSettingDef[] = [
  {
    name: "email_address_visibility",
    kind: { type: "enum", values: Object.values(EMAIL_VISIBILITY) },
    default: EMAIL_VISIBILITY.everyone,
    since: "emailVisibilityPerUser",
    botValue: EMAIL_VISIBILITY.everyone,
  },
  ...(
    [
      ["enable_followed_topic_email_notifications", "followedTopicEmailNotifications"],
      ["enable_followed_topic_push_notifications", "followedTopicPushNotifications"],
      ["enable_followed_topic_wildcard_mentions_notify", "followedTopicWildcardMentionsNotify"],
      ["enable_followed_topic_desktop_notifications", "followedTopicDesktopNotifications"],
      ["enable_followed_topic_audible_notifications", "followedTopicAudibleNotifications"],
    ] as const
  ).map(([name, since]): UserSettingDef => ({ name, kind: { type: "bool" }, default: true, since })),
  /** 1 topics one participates in, 2 sends to, 3 starts, 4 never (wire §12); defaults as real servers. */
  { name: "automatically_follow_topics_policy", kind: { type: "enum", values: [1, 2, 3, 4] }, default: 3, since: "automaticallyFollowTopicsPolicy" },
  {
    name: "automatically_unmute_topics_in_muted_streams_policy",
    kind: { type: "enum", values: [1, 2, 3, 4] },
    default: 2,
    since: "automaticallyUnmuteTopicsPolicy",
  },
  /** Before FL227: 1 all unreads, 2 DMs and mentions, 3 none; from FL227 a choice 2 (DMs, mentions, followed topics) is inserted, 4 none. */
  {
    name: "desktop_icon_count_display",
    kind: { type: "enum", values: [1, 2, 3], wider: { when: "desktopIconCountFollowedChoice", values: [1, 2, 3, 4] } },
    default: 1,
    ...NOTIFICATION,
  },
  { name: "allow_private_data_export", kind: { type: "bool" }, default: false, since: "allowPrivateDataExport", defaultSince: "allowPrivateDataExportDefault" },
  /** Whether the user's drafts are kept on the server (the drafts endpoints refuse otherwise); turning it off deletes them. */
  { name: "enable_drafts_synchronization", kind: { type: "bool" }, default: true, ...DISPLAY },
  bool("twenty_four_hour_time", false, DISPLAY),
  bool("dense_mode", true, { removedBy: zulip("denseModeRemoved"), ...DISPLAY }),
  bool("starred_message_counts", true, DISPLAY),
  bool("fluid_layout_width", false, DISPLAY),
  bool("high_contrast_mode", false, DISPLAY),
  /** 1 automatic, 2 dark, 3 light. */
  codes("color_scheme", ONE_TO_THREE, 1, DISPLAY),
  bool("translate_emoticons", false, DISPLAY),
  bool("display_emoji_reaction_users", true),
  choice("default_language", Object.keys(LANGUAGES), "en", { organizationDefault: "read-only", ...DISPLAY }),
  choice("default_view", ["recent_topics", "all_messages"], "recent_topics", { removedBy: zulip("webHomeView"), ...DISPLAY }),
  choice("web_home_view", ["recent_topics", "inbox", "all_messages"], "inbox", { since: zulip("webHomeView"), ...DISPLAY }),
  bool("escape_navigates_to_default_view", true, { removedBy: zulip("webHomeView") }),
  bool("web_escape_navigates_to_home_view", true, { since: zulip("webHomeView") }),
  bool("left_side_userlist", false, DISPLAY),
  choice(
    "emojiset",
    EMOJISET_CHOICES.map((c) => c.key),
    "google",
    DISPLAY,
  ),
  /** 1 automatic, 2 always, 3 never. */
  codes("demote_inactive_streams", ONE_TO_THREE, 1, DISPLAY),
  /** 1 compact, 2 with status, 3 with avatar and status. */
  codes("user_list_style", ONE_TO_THREE, 3),
  /** 1 always, 2 only in conversation views, 3 never. */
  codes("web_mark_read_on_scroll_policy", ONE_TO_THREE, 1, { since: zulip("webMarkReadOnScrollPolicy") }),
  /** 1 the channel's top topic, 2 the channel feed (later levels add 3 and 4). */
  codes("web_channel_default_view", [1, 2], 1, { since: zulip("webChannelDefaultView") }),
  { name: "web_font_size_px", kind: { type: "int" }, default: 16, since: zulip("webFontSizeAndLineHeight") },
  { name: "web_line_height_percent", kind: { type: "int" }, default: 140, since: zulip("webFontSizeAndLineHeight") },
  choice("web_animate_image_previews", ["always", "on_hover", "never"], "on_hover", { since: zulip("webAnimateImagePreviews") }),
  /** 1 all channels, 2 unmuted channels and topics, 3 none. */
  codes("web_stream_unreads_count_display_policy", ONE_TO_THREE, 2, { since: zulip("webStreamUnreadsCountDisplayPolicy") }),
  bool("web_navigate_to_sent_message", true, { since: zulip("webNavigateToSentMessage") }),
  bool("web_suggest_update_timezone", true, { since: zulip("webSuggestUpdateTimezone") }),
  bool("hide_ai_features", false, { since: zulip("hideAiFeatures") }),
  bool("enter_sends", false, DISPLAY),
  /** "" until the user picks one; a real server also tells the others (realm_user update). */
  { name: "timezone", kind: { type: "timezone" }, default: "", organizationDefault: "none", ...DISPLAY },
  bool("enable_stream_desktop_notifications", false, NOTIFICATION),
  bool("enable_stream_email_notifications", false, NOTIFICATION),
  bool("enable_stream_push_notifications", false, NOTIFICATION),
  bool("enable_stream_audible_notifications", false, NOTIFICATION),
  {
    name: "notification_sound",
    kind: { type: "choice", values: [...NOTIFICATION_SOUNDS, "none"], invalid: (v) => `Invalid notification sound '${v}'` },
    default: "zulip",
    ...NOTIFICATION,
  },
  bool("enable_desktop_notifications", true, NOTIFICATION),
  bool("enable_sounds", true, NOTIFICATION),
  {
    name: "email_notifications_batching_period_seconds",
    kind: { type: "int", min: 1, max: SECONDS_IN_A_WEEK, invalid: (v) => `Invalid email batching period: ${v} seconds` },
    default: 120,
    ...NOTIFICATION,
  },
  bool("enable_offline_email_notifications", true, NOTIFICATION),
  bool("enable_offline_push_notifications", true, NOTIFICATION),
  bool("enable_online_push_notifications", true, NOTIFICATION),
  bool("enable_digest_emails", true, NOTIFICATION),
  bool("enable_marketing_emails", true, { organizationDefault: "read-only", ...NOTIFICATION }),
  bool("enable_login_emails", true, { organizationDefault: "read-only", ...NOTIFICATION }),
  bool("message_content_in_email_notifications", true, NOTIFICATION),
  bool("pm_content_in_desktop_notifications", true, NOTIFICATION),
  bool("wildcard_mentions_notify", true, NOTIFICATION),
  bool("realm_name_in_notifications", false, { removedBy: zulip("realmNameInEmailNotificationsPolicy"), ...NOTIFICATION }),
  /** 1 automatic, 2 always, 3 never. */
  codes("realm_name_in_email_notifications_policy", ONE_TO_THREE, 1, { since: zulip("realmNameInEmailNotificationsPolicy"), ...NOTIFICATION }),
  bool("automatically_follow_topics_where_mentioned", true, { since: zulip("automaticallyFollowTopicsWhereMentioned") }),
  bool("presence_enabled", true, NOTIFICATION),
  bool("send_private_typing_notifications", true),
  bool("send_stream_typing_notifications", true),
  bool("send_read_receipts", true),
  bool("receives_typing_notifications", true, { since: zulip("receivesTypingNotifications") }),
];

export const USER_SETTING_BY_NAME: ReadonlyMap<string, UserSettingDef> = new Map(USER_SETTINGS.map((d) => [d.name, d]));

/** Whether the emulated level has reached a setting's level. */
function reached(at: SettingLevel, fl: FeatureLevel): boolean {
  return typeof at === "string" ? fl.has(at) : zulipHas(fl, at.zulip);
}

/** Whether a user setting exists at the emulated level. */
export function userSettingActive(def: UserSettingDef, fl: FeatureLevel): boolean {
  return (def.since === undefined || reached(def.since, fl)) && (def.removedBy === undefined || !reached(def.removedBy, fl));
}

/** Whether the organization's default for a setting exists at the emulated level (register realm_user_settings_defaults). */
export function userSettingDefaultActive(def: UserSettingDef, fl: FeatureLevel): boolean {
  if (def.organizationDefault === "none") return false;
  if (def.defaultSince === undefined) return userSettingActive(def, fl);
  return fl.has(def.defaultSince) && (def.removedBy === undefined || !reached(def.removedBy, fl));
}

/** Whether PATCH /realm/user_settings_defaults takes the setting at the emulated level. */
export function userSettingDefaultWritable(def: UserSettingDef, fl: FeatureLevel): boolean {
  return def.organizationDefault !== "read-only" && userSettingDefaultActive(def, fl);
}

/** The values an enum setting accepts at the emulated level. */
export function enumValues(
  kind: { values: readonly number[]; wider?: { when: LevelSwitchName; values: readonly number[] } },
  fl: FeatureLevel,
): readonly number[] {
  return kind.wider && fl.has(kind.wider.when) ? kind.wider.values : kind.values;
}

/** What register's user_settings and realm_user_settings_defaults carry besides the settings: the choices some of them offer. */
export const USER_SETTING_OPTIONS = {
  emojiset_choices: EMOJISET_CHOICES,
  available_notification_sounds: NOTIFICATION_SOUNDS,
} as const;

/** The choices each legacy section copies to register's top level beside its settings (Zulip's register schema). */
export const LEGACY_SETTING_OPTIONS: Readonly<Record<LegacySettingSection, keyof typeof USER_SETTING_OPTIONS>> = {
  update_display_settings: "emojiset_choices",
  update_global_notifications: "available_notification_sounds",
};

/** Each user's setting values, and the organization's defaults that new users start from. */
export class UserSettings {
  private readonly defaults = new Map<string, UserSettingValue>(USER_SETTINGS.map((d) => [d.name, d.default]));
  private readonly byUser = new Map<number, Map<string, UserSettingValue>>();

  /** Gives a new user the current defaults (bots the values bots always hold). */
  initialize(userId: number, isBot: boolean): void {
    const values = new Map(this.defaults);
    for (const d of USER_SETTINGS) if (isBot && d.botValue !== undefined) values.set(d.name, d.botValue);
    this.byUser.set(userId, values);
  }

  get(userId: number, name: string): UserSettingValue {
    const v = this.byUser.get(userId)?.get(name) ?? this.defaults.get(name);
    if (v === undefined) throw new Error(`unknown user setting ${name}`);
    return v;
  }

  set(userId: number, name: string, value: UserSettingValue): void {
    let values = this.byUser.get(userId);
    if (!values) this.byUser.set(userId, (values = new Map(this.defaults)));
    values.set(name, value);
  }

  getDefault(name: string): UserSettingValue {
    const v = this.defaults.get(name);
    if (v === undefined) throw new Error(`unknown user setting ${name}`);
    return v;
  }

  setDefault(name: string, value: UserSettingValue): void {
    this.defaults.set(name, value);
  }
}
