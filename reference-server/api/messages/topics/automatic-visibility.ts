import type { Runtime } from "../../../runtime.ts";
import type { Message, User } from "../../../state/types.ts";
import { USER_SETTING_BY_NAME } from "../../../state/user-settings.ts";
import { VISIBILITY, type VisibilityPolicy } from "../../../state/user-topics.ts";
import { setVisibilityPolicy } from "./user-topics.ts";

/** automatically_follow_topics_policy and automatically_unmute_topics_in_muted_streams_policy values (wire §12). */
const ON_PARTICIPATION = 1;
const ON_SEND = 2;
const ON_INITIATION = 3;
/** Real servers' defaults: follow the topics one starts, unmute (in muted channels) the topics one sends to. */
const DEFAULTS = { automatically_follow_topics_policy: ON_INITIATION, automatically_unmute_topics_in_muted_streams_policy: ON_SEND };

/** The user's value of one of the two settings: from the user settings table once it models them, else the default. */
function setting(rt: Runtime, userId: number, name: keyof typeof DEFAULTS): number {
  return USER_SETTING_BY_NAME.has(name) ? Number(rt.store.userSettings.get(userId, name)) : DEFAULTS[name];
}

/** Whether sending `message` moves the sender's policy for its topic to `target` under `setting`. */
function applies(rt: Runtime, sender: User, message: Message, current: VisibilityPolicy, target: VisibilityPolicy, setting: number): boolean {
  if (target === current) return false;
  if (setting === ON_SEND) return true;
  const ids = rt.store.topicMessages(message.channelId!, message.topic);
  if (setting === ON_INITIATION) return ids.length === 1;
  if (setting !== ON_PARTICIPATION) return false;
  for (let i = 0; i < ids.length; i++) {
    const id = ids.at(i)!;
    if (id !== message.id && rt.store.messages.get(id)?.senderId === sender.id) return false;
  }
  return true;
}

/**
 * After a channel message is sent: the sender's visibility policy for the topic may change automatically
 * (follow a topic one started; unmute a topic of a muted channel one sends to; a muted topic of an unmuted
 * channel goes back to inherit). The change is stored and announced in a user_topic event; returns the new policy.
 */
export function applyAutomaticVisibility(rt: Runtime, sender: User, message: Message): VisibilityPolicy | null {
  if (!rt.fl.has("automaticVisibilityOnSend") || message.type !== "stream" || message.channelId === null) return null;
  const current = rt.store.userTopics.policy(sender.id, message.channelId, message.topic);
  if (current === VISIBILITY.followed) return null;
  let next: VisibilityPolicy | null = null;
  if (applies(rt, sender, message, current, VISIBILITY.followed, setting(rt, sender.id, "automatically_follow_topics_policy"))) next = VISIBILITY.followed;
  else {
    const target = rt.store.userTopics.isChannelMuted(sender.id, message.channelId)
      ? VISIBILITY.unmuted
      : current === VISIBILITY.muted
        ? VISIBILITY.inherit
        : null;
    if (target !== null && applies(rt, sender, message, current, target, setting(rt, sender.id, "automatically_unmute_topics_in_muted_streams_policy")))
      next = target;
  }
  if (next === null) return null;
  setVisibilityPolicy(rt, sender, message.channelId, message.topic, next);
  return next;
}

/** The FL218 response field: the new policy when sending changed it to unmuted or followed. */
export function automaticPolicyField(rt: Runtime, policy: VisibilityPolicy | null): Record<string, unknown> {
  if (!rt.fl.has("automaticNewVisibilityPolicy") || (policy !== VISIBILITY.unmuted && policy !== VISIBILITY.followed)) return {};
  return { automatic_new_visibility_policy: policy };
}
