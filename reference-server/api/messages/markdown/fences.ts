import katex from "katex";
import type { Env, MarkdownIt as Md } from "markdown-it";

import { escapeHtml } from "../escape.ts";
import { codeLanguageName } from "./languages.ts";

/**
 * A code block as Zulip shows it: a `codehilite` div with the language's display name in data-code-language, and
 * the code escaped, each line without trailing whitespace and no blank lines before or after. No JavaScript highlighter emits Pygments' token classes,
 * so the code is not highlighted (the cases that show highlighting are listed as unmatched).
 */
export function codeBlock(code: string, lang: string): string {
  // The highlighter drops blank lines at both ends of the code.
  const body = code
    .replace(/[ \t]+$/gm, "")
    .replace(/^\n+/, "")
    .replace(/\n*$/, "\n");
  const attr = lang ? ` data-code-language="${escapeHtml(codeLanguageName(lang))}"` : "";
  return `<div class="codehilite"${attr}><pre><span></span><code>${escapeHtml(body)}</code></pre></div>\n`;
}

/** Display math: KaTeX's HTML and MathML, or the source in a `tex-error` span when KaTeX cannot parse it. */
export function texBlock(tex: string, display: boolean): string {
  try {
    return katex.renderToString(tex, { displayMode: display, throwOnError: true, output: "htmlAndMathml" });
  } catch {
    // Zulip escapes the source of a display block as KaTeX does (`&#x27;`), of an inline one as its text.
    const shown = display ? escapeHtml(tex).replace(/&#39;/g, "&#x27;") : `$$${tex}$$`.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    return `<span class="tex-error">${shown}</span>`;
  }
}

/** The fences with a meaning of their own: quote, spoiler (with its header), math; any other fence is code. */
export function installFences(md: Md): void {
  md.renderer.rules.fence = (tokens, idx, _options, env: Env | undefined) => {
    const token = tokens[idx]!;
    const info = token.info.trim();
    const [first = "", ...rest] = info.split(/\s+/);
    const word = first.replace(/^\./, "");
    const kind = word.toLowerCase();
    if (kind === "quote") return `<blockquote>\n${md.render(token.content, env)}</blockquote>\n`;
    if (kind === "spoiler") {
      const header = rest.join(" ");
      const head = header ? md.render(header, env) : "";
      return `<div class="spoiler-block"><div class="spoiler-header">\n${head}</div><div class="spoiler-content" aria-hidden="true">\n${md.render(token.content, env)}</div></div>\n`;
    }
    if (kind === "math") return `<p>${texBlock(token.content.replace(/\n$/, ""), true)}</p>\n`;
    return codeBlock(token.content, word);
  };
  md.renderer.rules.code_block = (tokens, idx) => codeBlock(tokens[idx]!.content, "");
}
