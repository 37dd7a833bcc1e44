import type { Runtime } from "../../runtime.ts";
import { escapeHtml } from "./escape.ts";
import { imageLinks, imagePreview, linkUploads } from "./render-images.ts";
import { renderSilentGroupMentions } from "./render-mentions.ts";

/** What rendering a message may look up: with it, links to uploads, image previews and silent group mentions render. */
export interface RenderContext {
  rt: Runtime;
}

/** Inline syntax within one escaped paragraph. */
function inline(escaped: string, ctx: RenderContext | undefined): string {
  if (!ctx) return escaped;
  return renderSilentGroupMentions(ctx.rt, linkUploads(escaped));
}

/** Markdown to HTML, as much as the reference server renders: escaped text, paragraphs, line breaks. */
export function renderMarkdown(content: string, ctx?: RenderContext): string {
  const html = content
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== "")
    .map((p) => `<p>${inline(escapeHtml(p), ctx).replace(/\n/g, "<br>\n")}</p>`)
    .join("\n");
  if (!ctx) return html;
  const previews = imageLinks(ctx.rt, content).map((link) => imagePreview(ctx.rt, link));
  return previews.length ? `${html}\n${previews.join("")}` : html;
}
