import { publishAttachment, serializeAttachment } from "../../events/attachment.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";

/** GET /attachments: the requester's uploaded files, and the space the organization's files use in bytes. */
function listAttachments(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const attachments = rt.store.uploads.ownedBy(user.id).map((u) => serializeAttachment(rt, u));
  return { attachments, upload_space_used: rt.store.uploads.usedBytes };
}

/**
 * DELETE /attachments/{attachment_id}: the uploader deletes the file; its address answers 404 from then on and its
 * space is freed. Any other id, or another user's file, is "Invalid attachment". Messages keep their links.
 */
function deleteAttachment(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const id = Number(ctx.path.attachment_id);
  const record = rt.store.attachments.withId(id);
  const upload = record && rt.store.uploads.get(record.pathId);
  if (!upload || !rt.access.canDeleteUpload(user, upload)) throw badRequest("Invalid attachment");
  rt.store.uploads.remove(upload.pathId);
  publishAttachment(rt, user.id, "remove", { id });
  return {};
}

export const routes: Route[] = [
  authed("GET", "/attachments", listAttachments, { operation: "get-attachments" }),
  authed("DELETE", "/attachments/:attachment_id(^\\d+$)", deleteAttachment, { operation: "remove-attachment" }),
];
