import type { MarkdownIt as Md, StateCore, StateInline, Token } from "markdown-it";

/**
 * Inline syntax as Zulip's Markdown reads it where CommonMark differs: code spans keep their edge spaces, `~~`
 * strikes through whatever it encloses on one line, a line's leading spaces stay, `***` is strong around em,
 * emphasis does not span a line break, a link without text shows its URL, and a bare URL is linked only where
 * Zulip's link pattern would find it.
 */

/** A code span: the text between two equal runs of backticks, as written (CommonMark drops one space each side). */
function codeSpan(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== 0x60) return false;
  let pos = start;
  while (pos < state.posMax && state.src.charCodeAt(pos) === 0x60) pos++;
  const run = pos - start;
  let search = pos;
  for (;;) {
    const close = state.src.indexOf("`", search);
    if (close < 0 || close >= state.posMax) break;
    let end = close;
    while (end < state.posMax && state.src.charCodeAt(end) === 0x60) end++;
    if (end - close === run) {
      if (!silent) {
        const token = state.push("code_inline", "code", 0);
        token.markup = state.src.slice(start, pos);
        token.content = state.src.slice(pos, close).replace(/\n/g, " ");
      }
      state.pos = end;
      return true;
    }
    search = end;
  }
  // No closing run: the backticks are text (and no shorter run inside them opens a span).
  if (!silent) state.pending += state.src.slice(start, pos);
  state.pos = pos;
  return true;
}

/** `~~text~~` on one line, spaces inside allowed, no tilde inside or touching the markers. */
function strikethrough(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  const src = state.src;
  if (src.charCodeAt(start) !== 0x7e || src.charCodeAt(start + 1) !== 0x7e) return false;
  if (src.charCodeAt(start - 1) === 0x7e || src.charCodeAt(start + 2) === 0x7e) return false;
  const close = src.indexOf("~~", start + 2);
  if (close < 0 || close + 2 > state.posMax || close === start + 2) return false;
  if (src.charCodeAt(close + 2) === 0x7e || /[~\n]/.test(src.slice(start + 2, close))) return false;
  if (!silent) {
    state.push("s_open", "s", 1).markup = "~~";
    const oldMax = state.posMax;
    state.pos = start + 2;
    state.posMax = close;
    state.md.inline.tokenize(state);
    state.posMax = oldMax;
    state.push("s_close", "s", -1).markup = "~~";
  }
  state.pos = close + 2;
  return true;
}

/** A line break: markdown-it's, except that the next line's leading spaces stay (Python-Markdown keeps them). */
function newline(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x0a) return false;
  if (!silent) {
    const trailing = /( +)$/.exec(state.pending)?.[1]?.length ?? 0;
    state.pending = state.pending.slice(0, state.pending.length - trailing);
    state.push(trailing >= 2 ? "hardbreak" : "softbreak", "br", 0);
  }
  state.pos++;
  return true;
}

/** The index of the token that closes the one at `open` (same type family, same nesting level). */
function closing(children: Token[], open: number): number {
  const closeType = children[open]!.type.replace(/_open$/, "_close");
  const level = children[open]!.level;
  for (let i = open + 1; i < children.length; i++) if (children[i]!.type === closeType && children[i]!.level === level) return i;
  return -1;
}

function asText(state: StateCore, token: Token): Token {
  const t = new state.Token("text", "", 0);
  t.content = token.markup;
  return t;
}

/** Characters Zulip's link pattern lets a bare URL follow, besides whitespace. */
const BEFORE_URL = new Set(["'", '"', "(", ",", ":", "<"]);

/** Whether a bare URL may stand here: after a space or an opening mark, before a space or the end (punctuation aside). */
function urlBoundaries(children: Token[], open: number, close: number): boolean {
  const prev = children[open - 1];
  if (prev?.type === "text" && prev.content !== "") {
    const ch = prev.content.at(-1)!;
    if (!/\s/.test(ch) && !BEFORE_URL.has(ch)) return false;
  }
  const next = children[close + 1];
  if (next?.type === "text") {
    const rest = next.content.replace(/^[:;?),.'">]*/, "");
    if (rest !== "" && !/^\s/.test(rest)) return false;
  }
  return true;
}

/** The token-level differences, after markdown-it has paired the delimiters. */
function postProcess(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type !== "inline" || !block.children) continue;
    // Paired delimiters leave empty text tokens behind; without them, neighbours are neighbours.
    const children = block.children.filter((c) => c.type !== "text" || c.content !== "");
    block.children = children;
    for (let i = 0; i < children.length; i++) {
      const t = children[i]!;
      if (t.type === "em_open" && children[i + 1]?.type === "strong_open") {
        // `***x***`: markdown-it makes em around strong, Zulip strong around em.
        const emClose = closing(children, i);
        const strongClose = closing(children, i + 1);
        if (emClose > 0 && strongClose === emClose - 1) {
          for (const [idx, type, tag] of [
            [i, "strong_open", "strong"],
            [i + 1, "em_open", "em"],
            [strongClose, "em_close", "em"],
            [emClose, "strong_close", "strong"],
          ] as const) {
            children[idx]!.type = type;
            children[idx]!.tag = tag;
          }
        }
      }
    }
    for (let i = 0; i < children.length; i++) {
      const t = children[i]!;
      if (t.type === "strong_open" || t.type === "em_open") {
        // Zulip's emphasis ends at the line: one that spans a break is its markers as text.
        const end = closing(children, i);
        if (end > 0 && children.slice(i + 1, end).some((c) => c.type === "softbreak" || c.type === "hardbreak")) {
          children[i] = asText(state, t);
          children[end] = asText(state, children[end]!);
        }
      }
    }
    for (let i = 0; i < children.length; i++) {
      const t = children[i]!;
      if (t.type !== "link_open") continue;
      const end = closing(children, i);
      if (end < 0) continue;
      const inside = children.slice(i + 1, end);
      if (t.markup === "linkify" && !urlBoundaries(children, i, end)) {
        const text = new state.Token("text", "", 0);
        text.content = inside.map((c) => c.content).join("");
        children.splice(i, end - i + 1, text);
        continue;
      }
      if (inside.every((c) => c.type === "text" && c.content.trim() === "")) {
        // A link without text shows its URL.
        const text = new state.Token("text", "", 0);
        text.content = String(t.attrGet("href") ?? "");
        children.splice(i + 1, end - i - 1, text);
      }
    }
  }
}

export function installInlineFixes(md: Md): void {
  md.inline.ruler.at("backticks", codeSpan);
  md.inline.ruler.at("strikethrough", strikethrough);
  md.inline.ruler2.disable("strikethrough");
  md.inline.ruler.at("newline", newline);
  md.core.ruler.after("text_join", "zulip_inline_fixes", postProcess);
}
