import { createHmac } from "node:crypto";
import type { MarkdownIt as Md, StateCore, Token } from "markdown-it";

import type { CamoConfig } from "../../../runtime.ts";
import { escapeHtml } from "../escape.ts";

/**
 * Previews of external images and videos a message links to, as Zulip shows them: each URL once, through the
 * server's image proxy (camo), after the list item that links it or else at the message's end. A paragraph that is
 * nothing but the media URL gives way to its preview. Without a proxy configured, links stay links.
 */

const IMAGE = /\.(?:png|jpe?g|gif|webp|bmp)$/i;
const VIDEO = /\.(?:mp4|webm)$/i;

/** The proxied URL: the proxy's base, the HMAC-SHA1 of the URL under the proxy's key, the URL in hex. */
export function camoUrl(camo: CamoConfig, url: string): string {
  const digest = createHmac("sha1", camo.key).update(url).digest("hex");
  return `${camo.uri}external_content/${digest}/${Buffer.from(url, "utf8").toString("hex")}`;
}

function mediaKind(href: string): "image" | "video" | null {
  if (!/^https?:\/\//i.test(href) || href.includes("/user_uploads/")) return null;
  let path: string;
  try {
    path = new URL(href).pathname;
  } catch {
    return null;
  }
  if (IMAGE.test(path)) return "image";
  if (VIDEO.test(path)) return "video";
  return null;
}

function previewHtml(camo: CamoConfig, href: string, title: string | null, kind: "image" | "video"): string {
  const src = escapeHtml(camoUrl(camo, href));
  const link = `<a href="${escapeHtml(href)}"${title !== null ? ` title="${escapeHtml(title)}"` : ""}>`;
  if (kind === "video") return `<div class="message_inline_image message_inline_video">${link}<video preload="metadata" src="${src}"></video></a></div>`;
  return `<div class="message_inline_image">${link}<img src="${src}"></a></div>`;
}

function htmlBlock(state: StateCore, html: string): Token {
  const t = new state.Token("html_block", "", 0);
  t.content = html;
  return t;
}

interface Found {
  href: string;
  title: string | null;
  kind: "image" | "video";
}

/** The media links of one inline token, in order. */
function mediaLinks(inline: Token): Found[] {
  const out: Found[] = [];
  const children = inline.children ?? [];
  for (let i = 0; i < children.length; i++) {
    const t = children[i]!;
    if (t.type !== "link_open") continue;
    const href = String(t.attrGet("href") ?? "");
    const kind = mediaKind(href);
    if (!kind) continue;
    let text = "";
    for (let j = i + 1; j < children.length && children[j]!.type !== "link_close"; j++) text += children[j]!.content;
    out.push({ href, title: text === href ? null : text, kind });
  }
  return out;
}

function previews(state: StateCore): void {
  const camo = (state.env as { camo?: CamoConfig | null }).camo;
  if (!camo) return;
  const tokens = state.tokens;
  const seen = new Set<string>();
  const atEnd: string[] = [];
  /** Per open list item: the previews it gathers, shown before it closes. */
  const items: string[][] = [];
  let quoteDepth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === "blockquote_open") quoteDepth++;
    else if (t.type === "blockquote_close") quoteDepth--;
    else if (t.type === "list_item_open") items.push([]);
    else if (t.type === "list_item_close") {
      const gathered = items.pop() ?? [];
      if (gathered.length) {
        tokens.splice(i, 0, htmlBlock(state, gathered.join("")));
        i++;
      }
    } else if (t.type === "inline" && quoteDepth === 0) {
      const found = mediaLinks(t).filter((f) => !seen.has(f.href) && seen.add(f.href));
      if (!found.length) continue;
      const html = found.map((f) => previewHtml(camo, f.href, f.title, f.kind));
      if (items.length) items.at(-1)!.push(...html);
      else atEnd.push(...html);
      // A paragraph of nothing but the bare media URL is shown as its preview alone.
      const c = t.children ?? [];
      const bare = items.length === 0 && c.length === 3 && c[0]!.type === "link_open" && c[1]!.content === found[0]!.href && found.length === 1;
      if (bare && tokens[i - 1]?.type === "paragraph_open" && tokens[i + 1]?.type === "paragraph_close") {
        tokens.splice(i - 1, 3);
        i -= 2;
      }
    }
  }
  if (atEnd.length) tokens.push(htmlBlock(state, atEnd.join("")));
}

export function installPreviews(md: Md): void {
  md.core.ruler.push("zulip_media_previews", previews);
}
