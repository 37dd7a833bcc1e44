import type { Runtime } from "../runtime.ts";
import type { Message } from "../state/types.ts";
import type { StoredUpload } from "../state/uploads.ts";

/**
 * The Attachment object of GET /attachments and `attachment` events: the file, its size, when it was uploaded and
 * the messages that link it (times in milliseconds, as real servers send them through FL372).
 */
export function serializeAttachment(rt: Runtime, upload: StoredUpload): Record<string, unknown> {
  const { attachments, messages } = rt.store;
  const record = attachments.register({ pathId: upload.pathId, name: upload.name, ownerId: upload.ownerId, createTime: upload.createTime });
  const linking = [...attachments.messagesLinking(upload.pathId)]
    .map((id) => messages.get(id))
    .filter((m): m is Message => m !== undefined)
    .sort((a, b) => a.id - b.id);
  return {
    id: record.id,
    name: upload.name,
    path_id: upload.pathId,
    size: upload.data.length,
    create_time: upload.createTime,
    messages: linking.map((m) => ({ id: m.id, date_sent: m.timestamp * 1000 })),
  };
}

/**
 * `attachment` op add (a file was uploaded), update (a message now links it) or remove (`{id}` only: it was
 * deleted), to one user's queues, with the organization's upload_space_used after the change.
 */
export function publishAttachment(rt: Runtime, userId: number, op: "add" | "update" | "remove", attachment: Record<string, unknown>): void {
  const used = rt.store.uploads.usedBytes;
  rt.queues.publish("attachment", [userId], () => ({ type: "attachment", op, attachment, upload_space_used: used }));
}

/**
 * A message (new, or edited to link more files) claims the stored files it links that its sender could already
 * read: the sender gets an update for each. Links to other files change nothing.
 */
export function publishAttachmentClaims(rt: Runtime, message: Message, paths: Iterable<string>): void {
  const sender = rt.store.users.get(message.senderId);
  if (!sender) return;
  for (const path of paths) {
    const upload = rt.store.uploads.get(path);
    if (!upload || !rt.access.canShareUpload(sender, upload, message.id)) continue;
    publishAttachment(rt, sender.id, "update", serializeAttachment(rt, upload));
  }
}
