import type { FeatureLevel, LevelSwitchName } from "../levels.ts";

/** How a user setting's value is validated on PATCH /settings and PATCH /realm/user_settings_defaults. */
export type UserSettingType =
  | { type: "bool" }
  /** `wider`: a level switch under which more values are valid (choices added later). */
  | { type: "enum"; values: readonly number[]; wider?: { when: LevelSwitchName; values: readonly number[] } }
  | { type: "string"; maxLength: number };

export type UserSettingValue = boolean | number | string;

export interface UserSettingDef {
  /** The property name in PATCH /settings, register user_settings and `user_settings` events. */
  name: string;
  kind: UserSettingType;
  /** The organization's default for new users until PATCH /realm/user_settings_defaults changes it. */
  default: UserSettingValue;
  /** The level switch under which the setting exists (absent: every level of the catalog). */
  since?: LevelSwitchName;
  /** The level switch under which PATCH /realm/user_settings_defaults and register carry the default (absent: as `since`). */
  defaultSince?: LevelSwitchName;
  /** The level switch that removed it. */
  removedBy?: LevelSwitchName;
  /** Bots always hold this value, whatever the defaults say (email_address_visibility: bots' emails are public). */
  botValue?: UserSettingValue;
}

/** email_address_visibility codes (wire §12). */
export const EMAIL_VISIBILITY = { everyone: 1, members: 2, admins: 3, nobody: 4, moderators: 5 } as const;

/**
 * The user settings the reference server models, one table: PATCH /settings, PATCH /realm/user_settings_defaults,
 * register user_settings / realm_user_settings_defaults and the `user_settings` and `realm_user_settings_defaults`
 * update events all read it. Add a row to model another setting.
 */
export const USER_SETTINGS: readonly UserSettingDef[] = [
  {
    name: "email_address_visibility",
    kind: { type: "enum", values: Object.values(EMAIL_VISIBILITY) },
    default: EMAIL_VISIBILITY.everyone,
    since: "emailVisibilityPerUser",
    botValue: EMAIL_VISIBILITY.everyone,
  },
  // --- settings ---
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
  { name: "automatically_unmute_topics_in_muted_streams_policy", kind: { type: "enum", values: [1, 2, 3, 4] }, default: 2, since: "automaticallyUnmuteTopicsPolicy" },
  /** Before FL227: 1 all unreads, 2 DMs and mentions, 3 none; from FL227 a choice 2 (DMs, mentions, followed topics) is inserted, 4 none. */
  { name: "desktop_icon_count_display", kind: { type: "enum", values: [1, 2, 3], wider: { when: "desktopIconCountFollowedChoice", values: [1, 2, 3, 4] } }, default: 1 },
  { name: "allow_private_data_export", kind: { type: "bool" }, default: false, since: "allowPrivateDataExport", defaultSince: "allowPrivateDataExportDefault" },
  // --- drafts ---
  /** Whether the user's drafts are kept on the server (the drafts endpoints refuse otherwise); turning it off deletes them. */
  { name: "enable_drafts_synchronization", kind: { type: "bool" }, default: true },
];

export const USER_SETTING_BY_NAME: ReadonlyMap<string, UserSettingDef> = new Map(USER_SETTINGS.map((d) => [d.name, d]));

/** Whether a user setting exists at the emulated level. */
export function userSettingActive(def: UserSettingDef, fl: FeatureLevel): boolean {
  return (def.since === undefined || fl.has(def.since)) && (def.removedBy === undefined || !fl.has(def.removedBy));
}

/** Whether the organization's default for a setting exists at the emulated level (PATCH /realm/user_settings_defaults, register). */
export function userSettingDefaultActive(def: UserSettingDef, fl: FeatureLevel): boolean {
  if (def.defaultSince === undefined) return userSettingActive(def, fl);
  return fl.has(def.defaultSince) && (def.removedBy === undefined || !fl.has(def.removedBy));
}

/** The values an enum setting accepts at the emulated level. */
export function enumValues(kind: { values: readonly number[]; wider?: { when: LevelSwitchName; values: readonly number[] } }, fl: FeatureLevel): readonly number[] {
  return kind.wider && fl.has(kind.wider.when) ? kind.wider.values : kind.values;
}

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
