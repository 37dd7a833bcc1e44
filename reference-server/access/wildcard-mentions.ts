import { wildcardMentionNotAllowed, type ApiError } from "../errors/registry.ts";
import type { Runtime } from "../runtime.ts";
import { ROLE, type Channel, type User } from "../state/types.ts";
import { holds } from "./group-settings.ts";
import type { GroupSettingValue } from "../state/group-setting-value.ts";

/** Channel-wide wildcards (`@**all**` and its synonyms) and the topic wildcard, not silent (`@_**…**` notifies nobody). */
const CHANNEL_WILDCARD = /(?<!@_)@\*\*(all|everyone|channel|stream)\*\*/i;
const TOPIC_WILDCARD = /(?<!@_)@\*\*topic\*\*/i;
/** Real servers' Realm.WILDCARD_MENTION_THRESHOLD: above this many subscribers (participants) a channel (topic) is large. */
const LARGE = 15;

/**
 * May the user use wildcard mentions in large channels and topics? From FL352 the members of
 * can_mention_many_users_group; before, wildcard_mention_policy (wire §12: 1 everyone, 2 members, 3 full members,
 * 5 administrators, 6 nobody, 7 administrators and moderators).
 */
export function mayMentionMany(rt: Runtime, user: User): boolean {
  if (rt.fl.has("canMentionManyUsersGroup") && !rt.faulty("fl352.realm.can-mention-many-users-group-enforced")) {
    return holds(rt.store.groups, user, rt.store.settings.get("can_mention_many_users_group") as GroupSettingValue);
  }
  switch (rt.store.settings.get("wildcard_mention_policy")) {
    case 1:
      return true;
    case 2:
    case 3:
      return user.role <= ROLE.member;
    case 6:
      return false;
    case 7:
      return user.role <= ROLE.moderator;
    default:
      return user.role <= ROLE.administrator;
  }
}

/** The topic's participants: the active users who sent messages to it. */
function topicParticipants(rt: Runtime, channel: Channel, topic: string): number {
  const ids = rt.store.topicMessages(channel.id, topic);
  const senders = new Set<number>();
  for (let i = 0; i < ids.length; i++) {
    const m = rt.store.messages.get(ids.at(i)!);
    if (m && rt.store.users.get(m.senderId)?.isActive) senders.add(m.senderId);
  }
  return senders.size;
}

/**
 * The refusal of a channel message's wildcard mentions (POST /messages, PATCH /messages/{id}): a channel wildcard
 * in a channel of more than 15 active subscribers, or a topic wildcard in a topic of more than 15 participants, by
 * a user who may not mention many users. Codes from FL229 (BAD_REQUEST before).
 */
export function wildcardMentionRefusal(rt: Runtime, user: User, channel: Channel, topic: string, content: string): ApiError | undefined {
  if (!content.includes("@**")) return undefined;
  if (CHANNEL_WILDCARD.test(content)) {
    const subscribers = [...rt.store.subscribersOf(channel.id)].filter((id) => rt.store.users.get(id)?.isActive).length;
    if (subscribers > LARGE && !mayMentionMany(rt, user)) return wildcardMentionNotAllowed("stream", rt.fl.has("streamWildcardMentionCode"));
  }
  if (TOPIC_WILDCARD.test(content) && topicParticipants(rt, channel, topic) > LARGE && !mayMentionMany(rt, user)) {
    return wildcardMentionNotAllowed("topic", rt.fl.has("topicWildcardMentionCode"));
  }
  return undefined;
}
