import type { Runtime } from "../runtime.ts";
import type { EditRecord } from "../state/edit-history.ts";
import type { Message } from "../state/types.ts";
import { topicFor } from "./topic.ts";

/** Topic names in edit records: the empty topic is substituted for clients that do not accept it (FL334). */
function topicName(rt: Runtime, message: Message, topic: string, allowEmptyTopic: boolean): string {
  return message.type === "stream" ? topicFor(rt, topic, allowEmptyTopic) : topic;
}

/** What of the edit history the organization shows: allow_edit_history, then message_edit_history_visibility_policy (FL358: 1 all, 2 moves, 3 none). */
export function editHistoryVisibility(rt: Runtime): "all" | "moves" | "none" {
  if (!rt.fl.has("editHistoryVisibilityPolicy")) return rt.store.settings.get("allow_edit_history") === false ? "none" : "all";
  const policy = rt.store.settings.get("message_edit_history_visibility_policy");
  return policy === 3 ? "none" : policy === 2 ? "moves" : "all";
}

/**
 * The message object's `edit_history` (wire §13): one record per edit, newest first, with the previous values;
 * undefined when the message was never edited or the organization hides its history (moves only: the moves).
 */
export function serializeEditHistory(rt: Runtime, message: Message, allowEmptyTopic: boolean): Array<Record<string, unknown>> | undefined {
  const visibility = editHistoryVisibility(rt);
  if (visibility === "none") return undefined;
  const records = [...rt.store.editHistory.of(message.id)]
    .reverse()
    .filter((r) => visibility === "all" || r.prevTopic !== undefined || r.prevChannelId !== undefined);
  if (records.length === 0) return undefined;
  return records.map((r: EditRecord) => {
    const out: Record<string, unknown> = { timestamp: r.timestamp, user_id: r.userId };
    if (r.prevContent !== undefined && visibility === "all") {
      out.prev_content = r.prevContent;
      out.prev_rendered_content = r.prevRenderedContent;
    }
    if (r.prevTopic !== undefined) {
      out.prev_topic = topicName(rt, message, r.prevTopic, allowEmptyTopic);
      out.topic = topicName(rt, message, r.topic ?? "", allowEmptyTopic);
    }
    if (r.prevChannelId !== undefined) {
      out.prev_stream = r.prevChannelId;
      out.stream = r.channelId;
    }
    return out;
  });
}

function htmlDiff(before: string, after: string): string {
  return `<div><span class="highlight_text_inserted">${after}</span><span class="highlight_text_deleted">${before}</span></div>`;
}

/**
 * GET /messages/{message_id}/history `message_history`: snapshots oldest first, the original message first, then
 * the message after each edit with the previous values of what that edit changed. Rebuilt from the current
 * message backwards through its edit records.
 */
export function historySnapshots(rt: Runtime, message: Message, allowEmptyTopic: boolean): Array<Record<string, unknown>> {
  const name = (topic: string) => topicName(rt, message, topic, allowEmptyTopic);
  let content = message.content;
  let rendered = message.renderedContent;
  let topic = message.topic;
  const newestFirst: Array<Record<string, unknown>> = [];
  for (const r of [...rt.store.editHistory.of(message.id)].reverse()) {
    const snap: Record<string, unknown> = { timestamp: r.timestamp, user_id: r.userId, topic: name(topic), content, rendered_content: rendered };
    if (r.prevTopic !== undefined) {
      snap.prev_topic = name(r.prevTopic);
      topic = r.prevTopic;
    }
    if (r.prevContent !== undefined) {
      snap.prev_content = r.prevContent;
      snap.prev_rendered_content = r.prevRenderedContent;
      snap.content_html_diff = htmlDiff(r.prevRenderedContent ?? "", rendered);
      content = r.prevContent;
      rendered = r.prevRenderedContent ?? "";
    }
    if (r.prevChannelId !== undefined) {
      snap.prev_stream = r.prevChannelId;
      snap.stream = r.channelId;
    }
    newestFirst.push(snap);
  }
  newestFirst.push({ content, rendered_content: rendered, timestamp: message.timestamp, topic: name(topic), user_id: message.senderId });
  return rt.faulty("fl153.messages.message-history") ? newestFirst : newestFirst.reverse();
}
