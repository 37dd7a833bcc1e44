import type { Capabilities } from "../../events/queue.ts";
import type { Runtime } from "../../runtime.ts";
import type { User } from "../../state/types.ts";
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from "../messages/topic.ts";
import { realmBotSection, realmUserSection, userSettingsDefaultsSection, userSettingsSection } from "../users/register-section.ts";
import { realmSettingsSection } from "../realm/register-section.ts";
import { uploadLimitFields } from "../../uploads/limits.ts";
import { visibleGroups } from "../groups/serialize.ts";
import { serializeChannel, serializeSubscription } from "../channels/serialize.ts";
import { typingConstants } from "../messages/typing-constants.ts";
import { scheduledSection } from "../scheduled/register-section.ts";
import { unreadMsgs } from "../messages/unreads.ts";
import { userTopicsSection } from "../topics/user-topics.ts";

export interface StateRequest {
  user: User;
  capabilities: Capabilities;
  clientGravatar: boolean;
  includeSubscribers: boolean;
}

type Section = (rt: Runtime, req: StateRequest) => Record<string, unknown>;

const realm: Section = (rt) => {
  const { realm } = rt.store;
  const out: Record<string, unknown> = {
    ...realmSettingsSection(rt),
    realm_uri: rt.url,
    realm_date_created: realm.dateCreated,
    max_message_length: MAX_MESSAGE_LENGTH,
    max_topic_length: MAX_TOPIC_LENGTH,
    max_stream_name_length: 60,
    max_stream_description_length: 1024,
    ...uploadLimitFields(rt),
    event_queue_longpoll_timeout_seconds: 90,
    ...typingConstants(rt),
  };
  if (rt.fl.has("realmUrlField")) out.realm_url = rt.url;
  if (rt.fl.has("emptyTopicDisplayName")) out.realm_empty_topic_display_name = realm.emptyTopicDisplayName;
  return out;
};

const message: Section = (rt) => ({ max_message_id: rt.store.allMessageIds.at(rt.store.allMessageIds.length - 1) ?? -1 });

// --- messages: flags, unreads, topics, read receipts ---
/** unread_msgs (wire §13) and user_topics, rendered for the client's empty_topic_name capability (FL334). */
const unreads: Section = (rt, req) => ({ unread_msgs: unreadMsgs(rt, req.user.id, req.capabilities.empty_topic_name) });
const userTopics: Section = (rt, req) => userTopicsSection(rt, req.user, req.capabilities.empty_topic_name);

const subscription: Section = (rt, req) => {
  const { store } = rt;
  const subscribed = [...store.subscriptionsOf(req.user.id)].map((id) => store.channels.get(id)!);
  const never = [...store.channels.values()].filter((c) => !store.isSubscribed(req.user.id, c.id) && rt.access.canSeeChannel(req.user, c));
  return {
    subscriptions: subscribed.map((c) => serializeSubscription(rt, c, req.includeSubscribers, req.user.id)),
    unsubscribed: [],
    never_subscribed: never.map((c) => serializeChannel(rt, c, req.includeSubscribers)),
  };
};

const stream: Section = (rt, req) => ({
  streams: [...rt.store.channels.values()].filter((c) => rt.access.canSeeChannel(req.user, c)).map((c) => serializeChannel(rt, c, false)),
});

const realmUserGroups: Section = (rt, req) => ({ realm_user_groups: visibleGroups(rt, req.capabilities.include_deactivated_groups) });

/** The initial-state sections by fetch_event_types name (wire §8.3); `update_message_flags` needs `message` too. */
export const SECTIONS: Record<string, Section> = {
  realm,
  // --- users ---
  realm_user: realmUserSection,
  realm_bot: realmBotSection,
  user_settings: userSettingsSection,
  realm_user_settings_defaults: userSettingsDefaultsSection,
  realm_user_groups: realmUserGroups,
  message,
  update_message_flags: unreads,
  user_topic: userTopics,
  subscription,
  stream,
  // --- messages: reactions, submessages, typing, scheduled messages ---
  scheduled_messages: (rt, req) => scheduledSection(rt, req.user),
};

export function initialState(rt: Runtime, req: StateRequest, types: ReadonlySet<string> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, section] of Object.entries(SECTIONS)) {
    if (types !== null && !types.has(name)) continue;
    if (name === "update_message_flags" && types !== null && !types.has("message")) continue;
    Object.assign(out, section(rt, req));
  }
  return out;
}
