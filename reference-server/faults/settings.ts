import type { Fault } from "./fault.ts";

/** User settings and their defaults, onboarding steps, presence and user status: each fault breaks one clause (see ../faults.ts). */
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
  "fl230.onboarding.hotspot-has-trigger": {
    clause: "fl230.onboarding.hotspot-has-trigger",
    description: "hotspots lack has_trigger, as before FL230",
    flips: "hotspotHasTrigger",
    level: 240,
  },
  "fl233.onboarding.register-onboarding-steps": {
    clause: "fl233.onboarding.register-onboarding-steps",
    description: "register returns the steps as hotspots, not onboarding_steps, as before FL233",
    flips: "registerOnboardingSteps",
  },
  "fl233.onboarding.step-types": {
    clause: "fl233.onboarding.step-types",
    description: "hotspots among the onboarding steps carry no type, as before FL233",
    flips: "onboardingStepTypes",
    level: 240,
  },
  "fl233.onboarding.event-renamed": {
    clause: "fl233.onboarding.event-renamed",
    description: "marking a step read sends a hotspots event, as before FL233",
    flips: "onboardingStepsEvent",
  },
  "fl233.onboarding.mark-steps-read": {
    clause: "fl233.onboarding.mark-steps-read",
    description: "POST /users/me/onboarding_steps does not exist, as before FL233",
    flips: "onboardingStepsEndpoint",
  },
  "fl233.onboarding.hotspots-endpoint-replaced": {
    clause: "fl233.onboarding.hotspots-endpoint-replaced",
    description: "POST /users/me/hotspots still exists, as before FL233",
    flips: "hotspotsEndpointRemoved",
  },
  "fl259.onboarding.only-one-time-notice": {
    clause: "fl259.onboarding.only-one-time-notice",
    description: "hotspots are still onboarding steps, as before FL259",
    flips: "onlyOneTimeNotices",
  },
  "fl282.onboarding.tutorial-status-removed": {
    clause: "fl282.onboarding.tutorial-status-removed",
    description: "POST /users/me/tutorial_status still exists, as before FL282",
    flips: "tutorialStatusRemoved",
  },
  "fl164.register.presence-timing-constants": {
    clause: "fl164.register.presence-timing-constants",
    description: "register leaves out the presence timing constants, as before FL164",
    flips: "presenceTimingConstants",
  },
  "fl263.presence.last-update-id-field": {
    clause: "fl263.presence.last-update-id-field",
    description: "register and POST /users/me/presence leave out presence_last_update_id, as before FL263",
    flips: "presenceLastUpdateIdField",
  },
  "fl263.presence.last-update-id-param": {
    clause: "fl263.presence.last-update-id-param",
    description: "POST /users/me/presence ignores last_update_id, as before FL263",
    flips: "presenceLastUpdateIdParam",
  },
  "fl288.presence.history-limit-days": {
    clause: "fl288.presence.history-limit-days",
    description: "POST /users/me/presence ignores history_limit_days, as before FL288",
    flips: "presenceHistoryLimitDaysParam",
  },
  "fl288.register.presence-history-limit-days": {
    clause: "fl288.register.presence-history-limit-days",
    description: "POST /register ignores presence_history_limit_days, as before FL288",
    flips: "presenceHistoryLimitDays",
  },
  "fl228.presence.realm-presence-accessible-only": {
    clause: "fl228.presence.realm-presence-accessible-only",
    description: "GET /realm/presence gives every user's presence despite the server setting, as before FL228",
    flips: "realmPresenceAccessibleOnly",
  },
  "fl228.presence.event-accessible-only": {
    clause: "fl228.presence.event-accessible-only",
    description: "presence events go to every user despite the server setting, as before FL228",
    flips: "presenceEventAccessibleOnly",
  },
  "fl228.presence.user-status-event-access": {
    clause: "fl228.presence.user-status-event-access",
    description: "user_status events go to every user, access or not, as before FL228",
    flips: "userStatusEventAccess",
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
  // Only the reference control can bring this about (suites/support/control.ts drives it): time passing.
  "fl288.register.presence-history-limit-days-filter": {
    clause: "fl288.register.presence-history-limit-days-filter",
    description: "POST /register reads presence_history_limit_days but returns presence older than that many days",
  },
} as const satisfies Record<string, Fault>;
