import { topicFor } from "../wire/topic.ts";
import type { Runtime } from "../runtime.ts";
import type { Message } from "../state/types.ts";

export type PropagateMode = "change_one" | "change_later" | "change_all";

/** One edit request's effect, as `update_message` events describe it. */
export interface MessageUpdate {
  /** null for a rendering-only update (the server re-rendered the message, e.g. once thumbnails were made). */
  editorId: number | null;
  timestamp: number;
  /** The message the request named, after the edit (a content change applies to it alone). */
  target: Message;
  /** Every message the edit touched, the target included. */
  messageIds: number[];
  /** Channel messages: the channel before the edit (stream_id, stream_name). */
  origChannelId?: number;
  content?: { orig: string; origRendered: string };
  /** The content is unchanged; only its rendering changed (rendering_only). */
  renderingOnly?: boolean;
  move?: { origTopic: string; newTopic: string | null; newChannelId: number | null; propagate: PropagateMode };
}

/**
 * `update_message` events (wire §10) to `userIds`, with each user's flags for the target message; orig_subject
 * and subject get the empty-topic substitution (FL334) for queues without empty_topic_name.
 */
export function publishUpdateMessage(rt: Runtime, u: MessageUpdate, userIds: Iterable<number>): void {
  const substitute = !rt.faulty("fl334.messages.update-event-topic-substitution");
  const ids = [...u.messageIds].sort((a, b) => a - b);
  rt.queues.publish("update_message", new Set(userIds), (q) => {
    const topic = (t: string) => (substitute ? topicFor(rt, t, q.options.capabilities.empty_topic_name) : t);
    const event: Record<string, unknown> = {
      type: "update_message",
      user_id: u.editorId,
      edit_timestamp: u.timestamp,
      message_id: u.target.id,
      message_ids: ids,
      flags: [...(rt.store.flagsOf(q.options.userId, u.target.id) ?? [])],
      rendering_only: u.renderingOnly ?? false,
    };
    if (u.origChannelId !== undefined) {
      event.stream_id = u.origChannelId;
      event.stream_name = rt.store.channels.get(u.origChannelId)?.name;
    }
    if (u.content) {
      event.orig_content = u.content.orig;
      event.orig_rendered_content = u.content.origRendered;
      event.content = u.target.content;
      event.rendered_content = u.target.renderedContent;
      event.is_me_message = u.target.content.startsWith("/me ");
    }
    if (u.move) {
      event.propagate_mode = u.move.propagate;
      event.orig_subject = topic(u.move.origTopic);
      if (u.move.newTopic !== null) {
        event.subject = topic(u.move.newTopic);
        event.topic_links = [];
      }
      if (u.move.newChannelId !== null) event.new_stream_id = u.move.newChannelId;
    }
    return event;
  });
}
