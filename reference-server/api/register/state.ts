import type { Capabilities } from "../../wire/capabilities.ts";
import type { Runtime } from "../../runtime.ts";
import type { User } from "../../state/types.ts";
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from "../../wire/topic.ts";
import { legacySettingsSection, realmBotSection, realmUserSection, userSettingsDefaultsSection, userSettingsSection } from "../../wire/register/users.ts";
import { realmSettingsSection } from "../../wire/register/realm.ts";
import { linkifiersSection, realmFilters } from "../../wire/linkifier.ts";
import { profileFieldsSection } from "../../wire/profile-field.ts";
import { realmEmojiMap } from "../../wire/realm-emoji.ts";
import { uploadLimitFields } from "../uploads/limits.ts";
import { visibleGroups } from "../../wire/group.ts";
import { channelUserFields, streamSection, subscriptionSection } from "../../wire/register/channels.ts";
import { typingConstants } from "../messages/typing-constants.ts";
import { scheduledSection } from "../../wire/register/messages/scheduled.ts";
import { deliverDue } from "../messages/scheduled/deliver.ts";
import { unreadMsgs } from "../../wire/register/messages/unreads.ts";
import { userTopicsSection } from "../messages/topics/user-topics.ts";
import { hotspotsSection, onboardingStepsSection } from "../../wire/register/onboarding.ts";
import { presenceConstants, presenceSection, userStatusSection } from "../../wire/register/presence.ts";
import { incomingWebhookBotsSection } from "../webhooks/incoming-bots.ts";
import { defaultStreamGroupsSection, defaultStreamsSection } from "../channels/default-channels.ts";
import { playgroundList } from "../../wire/playground.ts";
import { mutedTopicsSection } from "../messages/topics/muted-topics.ts";
import { draftsSection } from "../../wire/register/messages/drafts.ts";
import { savedSnippetsSection } from "../../wire/register/messages/saved-snippets.ts";
import { alertWordsSection } from "../users/alert-words.ts";
import { mutedUsersSection } from "../users/muted-users.ts";
import { recentConversationsSection, starredMessagesSection } from "../../wire/register/messages/messages.ts";
import { ZULIP_SECTIONS, zulipRealmFields } from "../realm/zulip-fields.ts";
import { zulipProductHas } from "../../zulip-levels.ts";

export interface StateRequest {
  user: User;
  capabilities: Capabilities;
  clientGravatar: boolean;
  includeSubscribers: boolean;
  /** slim_presence: presences keyed by user id in the modern format. */
  slimPresence?: boolean;
  /** presence_history_limit_days (FL288): only presence data of that many days; absent or null: the default. */
  presenceHistoryDays?: number | null;
}

type Section = (rt: Runtime, req: StateRequest) => Record<string, unknown>;

const realm: Section = (rt) => {
  const { realm } = rt.store;
  const out: Record<string, unknown> = {
    ...realmSettingsSection(rt),
    ...zulipRealmFields(rt),
    realm_uri: rt.url,
    max_message_length: MAX_MESSAGE_LENGTH,
    max_topic_length: MAX_TOPIC_LENGTH,
    max_stream_name_length: 60,
    max_stream_description_length: 1024,
    ...uploadLimitFields(rt),
    event_queue_longpoll_timeout_seconds: 90,
    ...typingConstants(rt),
    ...presenceConstants(rt),
  };
  if (rt.fl.has("realmUrlField")) out.realm_url = rt.faulty("fl257.register.realm-url") ? new URL(rt.url).host : rt.url;
  if (rt.fl.has("realmUrlField") && rt.faulty("fl257.register.realm-uri-alias")) delete out.realm_uri;
  if (rt.fl.has("emptyTopicDisplayName")) out.realm_empty_topic_display_name = realm.emptyTopicDisplayName;
  return out;
};

/** max_message_id: the newest message the user has received (Zulip's description), not the organization's newest. */
const message: Section = (rt, req) => {
  const channelOnly = rt.faulty("fl153.events.state-consistency");
  return { max_message_id: rt.store.flags.newestOf(req.user.id, channelOnly ? (id) => rt.store.messages.get(id)?.type === "stream" : undefined) };
};

/** unread_msgs (wire §13) and user_topics, rendered for the client's empty_topic_name capability (FL334). */
const unreads: Section = (rt, req) => ({ unread_msgs: unreadMsgs(rt, req.user.id, req.capabilities.empty_topic_name) });
const userTopics: Section = (rt, req) => userTopicsSection(rt, req.user, req.capabilities.empty_topic_name);

// The channel sections are made in wire/register/channels.ts.
const subscription: Section = (rt, req) => subscriptionSection(rt, req);
const stream: Section = (rt, req) => streamSection(rt, req);

/**
 * Deactivated groups for the clients with include_deactivated_groups (FL294); under `--product zulip`, where groups
 * can be deactivated before that capability exists, for every client.
 */
const realmUserGroups: Section = (rt, req) => ({
  realm_user_groups: visibleGroups(
    rt,
    req.capabilities.include_deactivated_groups || (zulipProductHas(rt, "groupDeactivation") && !rt.fl.has("includeDeactivatedGroupsCapability")),
  ),
});

/** The initial-state sections by fetch_event_types name (wire §8.3); `update_message_flags` needs `message` too. */
export const SECTIONS: Record<string, Section> = {
  realm,
  hotspots: hotspotsSection,
  onboarding_steps: onboardingStepsSection,
  presence: (rt, req) => presenceSection(rt, { user: req.user, slimPresence: req.slimPresence ?? false, historyDays: req.presenceHistoryDays }),
  user_status: userStatusSection,
  realm_user: (rt, req) => ({ ...realmUserSection(rt, req), ...channelUserFields(rt, req.user) }),
  realm_bot: realmBotSection,
  user_settings: userSettingsSection,
  realm_user_settings_defaults: userSettingsDefaultsSection,
  update_display_settings: legacySettingsSection("update_display_settings"),
  update_global_notifications: legacySettingsSection("update_global_notifications"),
  realm_user_groups: realmUserGroups,
  message,
  update_message_flags: unreads,
  user_topic: userTopics,
  subscription,
  stream,
  scheduled_messages: (rt, req) => {
    // Messages already due are delivered first, so that the section lists only those still to come.
    if (rt.fl.has("registerScheduledMessages")) deliverDue(rt);
    return scheduledSection(rt, req.user);
  },
  realm_incoming_webhook_bots: (rt) => incomingWebhookBotsSection(rt),
  realm_linkifiers: (rt, req) => ({ realm_linkifiers: linkifiersSection(rt, req.capabilities.linkifier_url_template).realm_linkifiers }),
  realm_filters: (rt) => ({ realm_filters: realmFilters(rt) }),
  custom_profile_fields: (rt) => profileFieldsSection(rt),
  realm_emoji: (rt) => ({ realm_emoji: realmEmojiMap(rt) }),
  default_streams: (rt, req) => defaultStreamsSection(rt, req.user),
  default_stream_groups: (rt, req) => defaultStreamGroupsSection(rt, req.user),
  realm_playgrounds: (rt) => ({ realm_playgrounds: playgroundList(rt) }),
  muted_topics: (rt, req) => mutedTopicsSection(rt, req.user),
  drafts: (rt, req) => draftsSection(rt, req.user),
  saved_snippets: (rt, req) => savedSnippetsSection(rt, req.user),
  alert_words: (rt, req) => alertWordsSection(rt, req.user),
  muted_users: (rt, req) => mutedUsersSection(rt, req.user),
  starred_messages: starredMessagesSection,
  recent_private_conversations: recentConversationsSection,
  ...ZULIP_SECTIONS,
};

export function initialState(rt: Runtime, req: StateRequest, types: ReadonlySet<string> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, section] of Object.entries(SECTIONS)) {
    if (types !== null && !types.has(name)) continue;
    if (name === "update_message_flags" && types !== null && !types.has("message")) continue;
    // user_topics replaces muted_topics for a client that asks for both (so it can ask servers old and new alike).
    if (name === "muted_topics" && types !== null && types.has("user_topic")) continue;
    Object.assign(out, section(rt, req));
  }
  return out;
}
