import { publishAttachment, serializeAttachment } from "../../events/attachment.ts";
import type { Runtime } from "../../runtime.ts";
import type { StoredUpload } from "../../state/uploads.ts";
import type { User } from "../../state/types.ts";
import { addressName, contentTypeOf, newUploadPath, storedName } from "./names.ts";

export interface NewFile {
  /** The name the client gave (multipart filename, tus `filename` metadata). */
  clientName: string;
  contentType: string | null | undefined;
  data: Buffer;
}

/**
 * Keeps a complete file as an upload of `owner`, the one way both POST /user_uploads and a finished tus upload
 * create one, with its attachment record; the owner gets an `attachment` add event. The caller has checked the
 * size limit and the quota.
 */
export function storeUpload(rt: Runtime, owner: User, file: NewFile): StoredUpload {
  const name = storedName(file.clientName);
  const stored = rt.store.uploads.add({
    pathId: newUploadPath(name),
    name,
    ownerId: owner.id,
    contentType: contentTypeOf(file.contentType),
    data: file.data,
    createTime: rt.store.clock() * 1000,
  });
  rt.store.attachments.register({ pathId: stored.pathId, name: stored.name, ownerId: owner.id, createTime: stored.createTime });
  publishAttachment(rt, owner.id, "add", serializeAttachment(rt, stored));
  return stored;
}

/** The address clients use: `/user_uploads/<path>`, relative to the server's root. */
export const uploadUrl = (upload: StoredUpload): string => `/user_uploads/${upload.pathId}`;

/**
 * The POST /user_uploads response as a server of the emulated level gives it: `uri` at every level (FL272 made it
 * the deprecated alias of `url`), `url` from FL272, `filename` from FL286.
 */
export function uploadResponse(rt: Runtime, upload: StoredUpload): Record<string, unknown> {
  const url = uploadUrl(upload);
  const out: Record<string, unknown> = {};
  if (!(rt.fl.has("uploadUrlField") && rt.faulty("fl272.uploads.uri-alias"))) out.uri = url;
  if (rt.fl.has("uploadUrlField")) out.url = url;
  if (rt.fl.has("uploadFilenameField")) {
    out.filename = rt.faulty("fl286.uploads.filename#address-name") ? addressName(upload.name) : upload.name;
  }
  return out;
}
