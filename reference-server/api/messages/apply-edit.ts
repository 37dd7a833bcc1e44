import { publishDeleteMessages } from "../../events/delete-message.ts";
import { publishUpdateMessage, type MessageUpdate, type PropagateMode } from "../../events/update-message.ts";
import type { Runtime } from "../../runtime.ts";
import { uploadPaths } from "../../state/attachments.ts";
import { publishAttachmentClaims } from "../../events/attachment.ts";
import type { EditRecord } from "../../state/edit-history.ts";
import type { Channel, Message, User } from "../../state/types.ts";
import { renderMarkdown } from "./render.ts";
import { finishThumbnails } from "./thumbnails.ts";

/** An edit that passed every check: what changes, and which messages a move takes along. */
export interface EditPlan {
  editor: User;
  target: Message;
  now: number;
  propagate: PropagateMode;
  /** The messages moved (the target alone when nothing moves). */
  moved: Message[];
  content?: string;
  move?: { topic: string; channel: Channel };
  /** The move only adds or removes the resolved prefix "✔ " (no last_moved_timestamp, FL365). */
  resolve?: boolean;
}

/**
 * FL285: files of the editor that the old content linked and that nothing links any more (wire: Attachment objects).
 * A file uploaded to the server is described as stored; a link to no stored file stands for one (state/attachments.ts).
 */
function detachedUploads(rt: Runtime, message: Message, newContent: string, editorId: number): Array<Record<string, unknown>> {
  const { attachments, messages, uploads } = rt.store;
  const kept = uploadPaths(newContent);
  const out: Array<Record<string, unknown>> = [];
  for (const path of uploadPaths(message.content)) {
    const a = attachments.get(path);
    const stored = uploads.get(path);
    const ownerId = stored?.ownerId ?? a?.ownerId;
    if (kept.has(path) || !a || ownerId !== editorId) continue;
    if ([...attachments.messagesLinking(path)].some((id) => id !== message.id && messages.has(id))) continue;
    const file = stored
      ? { name: stored.name, path_id: stored.pathId, size: stored.data.length, create_time: stored.createTime }
      : { name: a.name, path_id: a.pathId, size: 0, create_time: a.createTime };
    out.push({ id: a.id, ...file, messages: [] });
  }
  return out;
}

/** A channel move: holders who cannot read the new channel lose their row; its subscribers without one get one, read. */
function shiftRows(rt: Runtime, m: Message, to: Channel, losers: Map<number, number[]>): void {
  const { store, access } = rt;
  const lost = new Set(
    [...store.flags.holdersOf(m.id)].filter((id) => {
      const u = store.users.get(id);
      return !store.isSubscribed(id, to.id) && !(u && access.canReadChannelHistory(u, to));
    }),
  );
  store.dropRows(m.id, lost);
  for (const id of lost) losers.set(id, [...(losers.get(id) ?? []), m.id]);
  for (const id of store.subscribersOf(to.id)) if (!store.flagsOf(id, m.id)) store.addHistoricalRow(id, m.id, ["read"]);
}

/** The edit timestamps of a moved message: last_moved_timestamp unless it only (un)resolved; before FL365 also last_edit_timestamp. */
function markMoved(rt: Runtime, m: Message, plan: EditPlan): void {
  if (!plan.resolve || rt.faulty("fl365.messages.last-moved-not-for-resolve")) m.lastMovedTimestamp = plan.now;
  if (!rt.fl.has("lastEditTimestampContentOnly")) m.lastEditTimestamp = plan.now;
}

/** Users told about the edit: everyone holding one of the messages, and the (final) channel's subscribers. */
function audience(rt: Runtime, plan: EditPlan): Set<number> {
  const users = new Set<number>();
  for (const m of plan.moved) for (const id of rt.store.flags.holdersOf(m.id)) users.add(id);
  if (plan.target.type === "stream") for (const id of rt.store.subscribersOf(plan.target.channelId!)) users.add(id);
  return users;
}

/**
 * Applies an edit: the new content, the move of every message it takes along, one edit record per message, the
 * edit timestamps, the rows of users gaining or losing access, and the events. Returns the detached uploads.
 */
export function applyEdit(rt: Runtime, plan: EditPlan): Array<Record<string, unknown>> {
  const { store } = rt;
  const { target, now, move } = plan;
  const origChannelId = target.type === "stream" ? target.channelId! : undefined;
  const origTopic = target.topic;
  let content: MessageUpdate["content"];
  let detached: Array<Record<string, unknown>> = [];
  if (plan.content !== undefined) {
    content = { orig: target.content, origRendered: target.renderedContent };
    detached = detachedUploads(rt, target, plan.content, plan.editor.id);
    const linkedBefore = uploadPaths(target.content);
    store.attachments.untrack(target.id, target.content);
    target.content = plan.content;
    target.renderedContent = renderMarkdown(plan.content, { rt, senderId: target.senderId });
    store.attachments.track(target, now * 1000);
    publishAttachmentClaims(
      rt,
      target,
      [...uploadPaths(plan.content)].filter((p) => !linkedBefore.has(p)),
    );
    target.lastEditTimestamp = now;
  }
  const losers = new Map<number, number[]>();
  for (const m of plan.moved) {
    const record: EditRecord = { timestamp: now, userId: plan.editor.id };
    if (m === target && content) Object.assign(record, { prevContent: content.orig, prevRenderedContent: content.origRendered });
    if (move) {
      if (move.topic !== m.topic) Object.assign(record, { prevTopic: m.topic, topic: move.topic });
      if (move.channel.id !== m.channelId) {
        Object.assign(record, { prevChannelId: m.channelId, channelId: move.channel.id });
        shiftRows(rt, m, move.channel, losers);
      }
      markMoved(rt, m, plan);
      store.relocate(m, move.channel.id, move.topic);
    }
    store.editHistory.add(m.id, record);
  }
  for (const [userId, ids] of losers) publishDeleteMessages(rt, { ids, type: "stream", channelId: origChannelId!, topic: origTopic }, [userId]);
  const update: MessageUpdate = { editorId: plan.editor.id, timestamp: now, target, messageIds: plan.moved.map((m) => m.id) };
  if (origChannelId !== undefined) update.origChannelId = origChannelId;
  if (content) update.content = content;
  if (move) {
    const newTopic = move.topic !== origTopic ? move.topic : null;
    const newChannelId = move.channel.id !== origChannelId ? move.channel.id : null;
    update.move = { origTopic, newTopic, newChannelId, propagate: plan.propagate };
  }
  publishUpdateMessage(rt, update, audience(rt, plan));
  if (content) finishThumbnails(rt, target); // new images in the edited content, as for a new message
  return detached;
}
