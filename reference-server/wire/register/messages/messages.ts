import type { Runtime } from "../../../runtime.ts";
import type { User } from "../../../state/types.ts";

/** How many of a user's newest direct messages recent_private_conversations looks at (real servers: 1000, wire §8.4). */
const RECENT_DIRECT_MESSAGES = 1000;

/** register `starred_messages`: the ids of the messages the user starred, ascending. */
export function starredMessagesSection(rt: Runtime, req: { user: User }): Record<string, unknown> {
  const ids = rt.store.flags.starredOf(req.user.id);
  const starred: number[] = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) starred[i] = ids.at(i)!;
  return { starred_messages: starred };
}

/**
 * register `recent_private_conversations`: the direct-message conversations among the user's newest direct
 * messages, newest first, each with its newest message id and the other participants (none for the user's
 * messages to themselves).
 */
export function recentConversationsSection(rt: Runtime, req: { user: User }): Record<string, unknown> {
  const { store } = rt;
  const self = req.user.id;
  const ids = store.directReceivedBy(self);
  const conversations = new Map<string, { max_message_id: number; user_ids: number[] }>();
  for (let i = ids.length - 1; i >= 0 && i >= ids.length - RECENT_DIRECT_MESSAGES; i--) {
    const message = store.messages.get(ids.at(i)!);
    if (message?.type !== "private") continue;
    const others = message.dmUserIds.filter((u) => u !== self);
    const key = others.join(",");
    if (!conversations.has(key)) conversations.set(key, { max_message_id: message.id, user_ids: others });
  }
  return { recent_private_conversations: [...conversations.values()] };
}
