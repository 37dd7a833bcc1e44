import type { Runtime } from "../../runtime.ts";
import type { StoredUpload } from "../../state/uploads.ts";
import { imageSize, TRANSCODED_TYPES, type ImageSize } from "../uploads/image-info.ts";
import { escapeHtml } from "./escape.ts";

/** Markdown links to uploads: `[text](/user_uploads/<path>)`, relative or under the server's URL. */
const UPLOAD_LINK = /\[([^\]\n]*)\]\((?:https?:\/\/[^\s)/]+)?\/user_uploads\/([^\s)]+)\)/g;

const BY_EXTENSION: Readonly<Record<string, string>> = {
  png: "image/png",
  gif: "image/gif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  tif: "image/tiff",
  tiff: "image/tiff",
  heic: "image/heic",
  heif: "image/heif",
};

/** Where a loading placeholder points while thumbnails are being made (real servers: a spinner). */
const PLACEHOLDER_SRC = "/static/images/loading/loader-black.svg";
/** The size of the preview thumbnail (server_thumbnail_formats on real servers). */
const THUMBNAIL = "840x560.webp";

export interface ImageLink {
  pathId: string;
  upload: StoredUpload;
  contentType: string;
  size: ImageSize;
}

/** The uploaded images `content` links, in order, each once: the ones the rendering previews. */
export function imageLinks(rt: Runtime, content: string): ImageLink[] {
  if (!content.includes("/user_uploads/")) return [];
  const out: ImageLink[] = [];
  const seen = new Set<string>();
  for (const m of content.matchAll(UPLOAD_LINK)) {
    const upload = rt.store.uploads.get(m[2]!);
    if (!upload || seen.has(upload.pathId)) continue;
    const ext = upload.name.split(".").pop()?.toLowerCase() ?? "";
    const contentType = upload.contentType.startsWith("image/") ? upload.contentType.split(";")[0]!.trim() : (BY_EXTENSION[ext] ?? upload.contentType);
    const size = imageSize(contentType, upload.data);
    if (!size) continue;
    seen.add(upload.pathId);
    out.push({ pathId: upload.pathId, upload, contentType, size });
  }
  return out;
}

/**
 * One image preview: a link around the thumbnail, or, while thumbnails are made, around a loading placeholder.
 * data-original-dimensions on previews from FL276 and on placeholders from FL287 (and at the 9.x level 278);
 * data-original-content-type from FL336, with data-transcoded-image for types browsers cannot show.
 */
export function imagePreview(rt: Runtime, link: ImageLink): string {
  const pending = !rt.store.thumbnails.isDone(link.pathId);
  const href = `/user_uploads/${link.pathId}`;
  const dims = `${link.size.width}x${link.size.height}`;
  const attrs: string[] = [];
  if (pending) attrs.push(`class="image-loading-placeholder"`);
  const dimensions = pending
    ? rt.fl.has("originalDimensionsPlaceholder") || rt.fl.has("originalDimensionsPlaceholderBackport")
    : rt.fl.has("originalDimensionsPreview");
  if (dimensions) attrs.push(`data-original-dimensions="${dims}"`);
  if (rt.fl.has("originalContentType")) attrs.push(`data-original-content-type="${escapeHtml(link.contentType)}"`);
  if (rt.fl.has("transcodedImage") && TRANSCODED_TYPES.has(link.contentType)) attrs.push(`data-transcoded-image="${dims}.webp"`);
  attrs.push(`src="${pending ? PLACEHOLDER_SRC : `/user_uploads/thumbnail/${link.pathId}/${THUMBNAIL}`}"`);
  return `<div class="message_inline_image"><a href="${href}" title="${escapeHtml(link.upload.name)}"><img ${attrs.join(" ")}></a></div>`;
}
