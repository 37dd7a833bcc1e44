import { badRequest, realmUploadQuota } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { storeUpload, uploadResponse } from "./create.ts";
import { withinQuota } from "./limits.ts";

/**
 * POST /user_uploads (wire §13): a multipart body with exactly one file, under any field name. A file part without
 * a file name counts as no file (as on real servers). The size limit is the body parser's: a larger file never gets
 * here, so nothing of it is kept. An upload past the organization's quota is refused with REALM_UPLOAD_QUOTA.
 */
function upload(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const files = ctx.files.filter((f) => f.filename !== "");
  if (files.length === 0) throw badRequest("You must specify a file to upload");
  if (files.length > 1 && !rt.faulty("fl153.uploads.one-file")) throw badRequest("You may only upload one file at a time");
  const file = files[0]!;
  if (!withinQuota(rt, file.data.length)) throw realmUploadQuota();
  const stored = storeUpload(rt, user, { clientName: file.filename, contentType: file.mimeType, data: file.data });
  return uploadResponse(rt, stored);
}

export const routes: Route[] = [authed("POST", "/user_uploads", upload)];
