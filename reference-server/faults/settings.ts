import type { Fault } from "./fault.ts";

/** User settings and their defaults: each fault breaks one clause (see ../faults.ts). */
export const settingsFaults = {
  "fl189.settings.followed-topic-email-notifications": {
    clause: "fl189.settings.followed-topic-email-notifications",
    description: "enable_followed_topic_email_notifications is no user setting, as before FL189",
    flips: "followedTopicEmailNotifications",
  },
  "fl189.settings.followed-topic-push-notifications": {
    clause: "fl189.settings.followed-topic-push-notifications",
    description: "enable_followed_topic_push_notifications is no user setting, as before FL189",
    flips: "followedTopicPushNotifications",
  },
  "fl189.settings.followed-topic-wildcard-mentions-notify": {
    clause: "fl189.settings.followed-topic-wildcard-mentions-notify",
    description: "enable_followed_topic_wildcard_mentions_notify is no user setting, as before FL189",
    flips: "followedTopicWildcardMentionsNotify",
  },
  "fl189.settings.followed-topic-desktop-notifications": {
    clause: "fl189.settings.followed-topic-desktop-notifications",
    description: "enable_followed_topic_desktop_notifications is no user setting, as before FL189",
    flips: "followedTopicDesktopNotifications",
  },
  "fl189.settings.followed-topic-audible-notifications": {
    clause: "fl189.settings.followed-topic-audible-notifications",
    description: "enable_followed_topic_audible_notifications is no user setting, as before FL189",
    flips: "followedTopicAudibleNotifications",
  },
  "fl214.settings.automatically-follow-topics-policy": {
    clause: "fl214.settings.automatically-follow-topics-policy",
    description: "automatically_follow_topics_policy is no user setting, as before FL214",
    flips: "automaticallyFollowTopicsPolicy",
  },
  "fl214.settings.automatically-unmute-topics-policy": {
    clause: "fl214.settings.automatically-unmute-topics-policy",
    description: "automatically_unmute_topics_in_muted_streams_policy is no user setting, as before FL214",
    flips: "automaticallyUnmuteTopicsPolicy",
  },
  "fl227.settings.desktop-icon-count-display-followed": {
    clause: "fl227.settings.desktop-icon-count-display-followed",
    description: "desktop_icon_count_display takes only 1–3, as before FL227",
    flips: "desktopIconCountFollowedChoice",
  },
  "fl293.settings.allow-private-data-export": {
    clause: "fl293.settings.allow-private-data-export",
    description: "allow_private_data_export is no user setting, as before FL293",
    flips: "allowPrivateDataExport",
  },
  "fl293.settings.allow-private-data-export-default": {
    clause: "fl293.settings.allow-private-data-export-default",
    description: "PATCH /realm/user_settings_defaults ignores allow_private_data_export and register has no default for it",
    flips: "allowPrivateDataExportDefault",
  },
  // Envelopes of the settings endpoints.
  "fl78.settings.ignored-parameters-unsupported": {
    clause: "fl78.settings.ignored-parameters-unsupported",
    description: "PATCH /settings reads every request key as a possible setting, so none is listed in ignored_parameters_unsupported",
  },
  "fl96.settings.defaults-ignored-parameters-unsupported": {
    clause: "fl96.settings.defaults-ignored-parameters-unsupported",
    description: "PATCH /realm/user_settings_defaults reads every request key as a possible setting, so none is listed in ignored_parameters_unsupported",
  },

  "fl163.settings.email-address-visibility": {
    clause: "fl163.settings.email-address-visibility",
    description: "email_address_visibility is no user setting (PATCH /settings, defaults and register leave it out), as before FL163",
    flips: "emailVisibilityPerUser",
  },
} as const satisfies Record<string, Fault>;
