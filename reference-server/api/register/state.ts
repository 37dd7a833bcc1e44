import type { Capabilities } from "../../events/queue.ts";
import type { Runtime } from "../../runtime.ts";
import type { User } from "../../state/types.ts";
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH, topicFor } from "../messages/topic.ts";
import { serializeUser } from "../users/serialize.ts";
import { realmSettingsSection } from "../realm/register-section.ts";
import { visibleGroups } from "../groups/serialize.ts";
import { serializeChannel, serializeSubscription } from "../channels/serialize.ts";

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
    max_file_upload_size_mib: rt.config.maxFileUploadSizeMib,
    event_queue_longpoll_timeout_seconds: 90,
  };
  if (rt.fl.has("realmUrlField")) out.realm_url = rt.url;
  if (rt.fl.has("emptyTopicDisplayName")) out.realm_empty_topic_display_name = realm.emptyTopicDisplayName;
  return out;
};

const realmUser: Section = (rt, req) => {
  const { user } = req;
  const all = [...rt.store.users.values()].filter((u) => rt.access.canSeeUser(user, u));
  return {
    realm_users: all.filter((u) => u.isActive && !u.isBot).map((u) => serializeUser(rt, user, u, req.clientGravatar)),
    realm_non_active_users: all.filter((u) => !u.isActive).map((u) => serializeUser(rt, user, u, req.clientGravatar)),
    cross_realm_bots: [],
    user_id: user.id,
    email: user.email,
    delivery_email: user.email,
    full_name: user.fullName,
    is_admin: user.role <= 200,
    is_owner: user.role === 100,
    is_moderator: user.role === 300,
    is_guest: user.role === 600,
    avatar_url: null,
  };
};

const realmBot: Section = (rt, req) => ({
  realm_bots: [...rt.store.users.values()]
    .filter((u) => u.isBot && (u.botOwnerId === req.user.id || rt.store.isAdmin(req.user)))
    .map((u) => ({ user_id: u.id, email: u.email, full_name: u.fullName, bot_type: u.botType, owner_id: u.botOwnerId, is_active: u.isActive })),
});

const message: Section = (rt) => ({ max_message_id: rt.store.allMessageIds.at(rt.store.allMessageIds.length - 1) ?? -1 });

/** unread_msgs (wire §13): the user's unread messages, grouped; empty topics substituted for clients without the capability. */
const unreads: Section = (rt, req) => {
  const { store } = rt;
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const pms = new Map<number, number[]>();
  const huddles = new Map<string, number[]>();
  let count = 0;
  const received = store.receivedBy(req.user.id);
  for (let i = 0; i < received.length; i++) {
    const id = received.at(i)!;
    if (store.flagsOf(req.user.id, id)?.has("read")) continue;
    const m = store.messages.get(id)!;
    count++;
    if (m.type === "stream") {
      const topic = topicFor(rt, m.topic, req.capabilities.empty_topic_name);
      const key = `${m.channelId}\0${topic}`;
      const entry = streams.get(key) ?? { stream_id: m.channelId!, topic, unread_message_ids: [] };
      entry.unread_message_ids.push(id);
      streams.set(key, entry);
    } else if (m.dmUserIds.length <= 2) {
      const other = m.dmUserIds.find((u) => u !== req.user.id) ?? req.user.id;
      pms.set(other, [...(pms.get(other) ?? []), id]);
    } else {
      const key = m.dmUserIds.join(",");
      huddles.set(key, [...(huddles.get(key) ?? []), id]);
    }
  }
  return {
    unread_msgs: {
      count,
      pms: [...pms].map(([other, ids]) => ({ other_user_id: other, sender_id: other, unread_message_ids: ids })),
      streams: [...streams.values()],
      huddles: [...huddles].map(([key, ids]) => ({ user_ids_string: key, unread_message_ids: ids })),
      mentions: [],
      old_unreads_missing: false,
    },
  };
};

const subscription: Section = (rt, req) => {
  const { store } = rt;
  const subscribed = [...store.subscriptionsOf(req.user.id)].map((id) => store.channels.get(id)!);
  const never = [...store.channels.values()].filter((c) => !store.isSubscribed(req.user.id, c.id) && rt.access.canSeeChannel(req.user, c));
  return {
    subscriptions: subscribed.map((c) => serializeSubscription(rt, c, req.includeSubscribers)),
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
  realm_user: realmUser,
  realm_bot: realmBot,
  realm_user_groups: realmUserGroups,
  message,
  update_message_flags: unreads,
  subscription,
  stream,
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
