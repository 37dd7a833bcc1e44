import MarkdownIt from "markdown-it";
import type { Runtime } from "../../runtime.ts";
import { imageLinks, imagePreview } from "./render-images.ts";
import { installBlocks } from "./markdown/blocks.ts";
import { installFences } from "./markdown/fences.ts";
import { installInlineFixes } from "./markdown/inline-fixes.ts";
import { installInline, type RenderEnv } from "./markdown/inline.ts";
import { installPreviews } from "./markdown/previews.ts";

/** What rendering a message may look up: with it, mentions, channel links, upload links and image previews render. */
export interface RenderContext {
  rt: Runtime;
  /** Who sends the content: their translate_emoticons decides whether `:)` becomes an emoji. */
  senderId?: number;
}

/** Links into the server's own uploads are relative, as Zulip writes links to its own realm. */
const OWN_UPLOAD = /^https?:\/\/[^\s/]+(\/user_uploads\/)/;

/** Text as Zulip escapes it outside code blocks: only the characters that would start markup. */
const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A link into the realm's own web app is a fragment (`#narrow/…`), one to its uploads a path. */
function ownLink(href: string, rt: Runtime | undefined): string {
  if (rt?.url && href.startsWith(`${rt.url}/#`)) return href.slice(rt.url.length + 1);
  return href.replace(OWN_UPLOAD, "$1");
}

/**
 * The one markdown-it instance (built once: the hot path of every send): Zulip's choices over CommonMark — raw
 * HTML shown as text, newlines as line breaks, bare URLs linked, no reference links, no setext headings, `_`
 * without meaning — Python-Markdown's readings where CommonMark differs (markdown/blocks.ts, inline-fixes.ts), and
 * Zulip's own syntax (markdown/).
 */
const md = (() => {
  const it = new MarkdownIt({ html: false, linkify: true, breaks: true });
  it.disable(["reference", "lheading"]);
  it.linkify.set({ fuzzyLink: false, fuzzyEmail: false });
  installBlocks(it);
  installFences(it);
  installInlineFixes(it);
  installInline(it);
  installPreviews(it);
  const linkOpen = it.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  it.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const href = token.attrGet("href");
    if (typeof href === "string") token.attrSet("href", ownLink(href, (env as RenderEnv).rt));
    return linkOpen(tokens, idx, options, env, self);
  };
  it.renderer.rules.text = (tokens, idx) => escapeText(tokens[idx]!.content);
  it.renderer.rules.code_inline = (tokens, idx) => `<code>${escapeText(tokens[idx]!.content)}</code>`;
  it.renderer.rules.s_open = () => "<del>";
  it.renderer.rules.s_close = () => "</del>";
  return it;
})();

/** Content with no markup at all: words, spaces within lines, sentence punctuation, newlines. */
const PLAIN = /^[A-Za-z0-9 ,.?'"\n]*$/;
/** What would still make plain characters markup: a line's edge spaces (code blocks, trimming), a list number. */
const NOT_PLAIN = /^ | $|^\d+\./m;

/**
 * Plain prose rendered without the parser, as markdown-it renders it: paragraphs at blank lines, line breaks within.
 * Most messages are such; this keeps the send path's cost at a string split (test/server/markdown-plain.test.ts).
 */
export function renderPlain(content: string): string | null {
  if (!PLAIN.test(content) || NOT_PLAIN.test(content)) return null;
  const paragraphs = content
    .replace(/^\n+|\n+$/g, "")
    .split(/\n{2,}/)
    .filter((p) => p !== "");
  return paragraphs.map((p) => `<p>${p.replace(/\n/g, "<br>\n")}</p>`).join("\n");
}

/** Markdown to HTML as Zulip renders a message; image previews of uploads follow the text. */
export function renderMarkdown(content: string, ctx?: RenderContext): string {
  const plain = renderPlain(content);
  if (plain !== null) return plain;
  const translateEmoticons = ctx?.senderId !== undefined && ctx.rt.store.userSettings.get(ctx.senderId, "translate_emoticons") === true;
  const env: RenderEnv = ctx ? { rt: ctx.rt, translateEmoticons, camo: ctx.rt.config.camo } : {};
  const html = md.render(content, env).replace(/\n+$/, "");
  if (!ctx) return html;
  const previews = imageLinks(ctx.rt, content).map((link) => imagePreview(ctx.rt, link));
  return previews.length ? `${html}\n${previews.join("")}` : html;
}

/** The parser's rendering alone, without the plain-prose shortcut (for tests that compare the two). */
export function renderParsed(content: string): string {
  return md.render(content, {}).replace(/\n+$/, "");
}
