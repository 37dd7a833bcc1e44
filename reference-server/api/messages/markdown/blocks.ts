import type { MarkdownIt as Md, StateBlock, StateCore } from "markdown-it";

/**
 * Block structure as Zulip's Markdown (Python-Markdown with Zulip's extensions) builds it where CommonMark differs:
 * lists nest at a 2-space indent and keep one list across bullet characters, any number starts a list that
 * interrupts a paragraph, a quote needs text after its `>`s and takes the lines of its block, a paragraph keeps
 * its trailing spaces, a list item's first paragraph keeps its lines' indentation, and fences open and close as
 * Zulip's fence preprocessor has them.
 */

/** A line from its first non-blank character to its end. */
const lineText = (state: StateBlock, line: number) => state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!);

const LIST_MARKER = /^( *)([*+-]|\d{1,9}[.)])( +|$)/;
const FENCE_LINE = /^ *(`{3,}|~{3,})/;

interface OpenList {
  /** The marker's indentation as written. */
  written: number;
  /** Its indentation as rewritten for markdown-it. */
  indent: number;
  /** The column the item's content starts at, once rewritten: where a nested list's marker must stand. */
  content: number;
  /** The bullet character of an unordered list (Zulip keeps one list across `*`, `-` and `+`). */
  bullet: string | null;
}

/**
 * Rewrites list markers so that markdown-it nests them as Zulip does: a marker indented two or more columns past
 * the open item's is that item's child, whatever the marker's width; one indented less than that is a sibling.
 * Siblings take the first item's bullet character. Fenced code is left alone; a paragraph at the margin after a
 * blank line ends the lists.
 */
export function nestListsAsZulip(src: string): string {
  if (!/^ *([*+-]|\d{1,9}[.)]) /m.test(src)) return src;
  const lines = src.split("\n");
  let open: OpenList[] = [];
  let fence: string | null = null;
  let afterBlank = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE_LINE.exec(line);
    if (fence !== null) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = null;
      continue;
    }
    if (f) {
      fence = f[1]!;
      continue;
    }
    if (line.trim() === "") {
      afterBlank = true;
      continue;
    }
    const m = LIST_MARKER.exec(line);
    if (!m) {
      if (afterBlank && !line.startsWith(" ")) open = [];
      afterBlank = false;
      continue;
    }
    afterBlank = false;
    const written = m[1]!.length;
    const marker = m[2]!;
    while (open.length && written < open.at(-1)!.written) open.pop();
    const top = open.at(-1);
    let indent: number;
    let bullet = /\d/.test(marker) ? null : marker;
    if (!top) {
      if (written >= 4) continue;
      indent = written;
    } else if (written <= top.written + 1) {
      open.pop();
      indent = top.indent;
      if (bullet !== null && top.bullet !== null) bullet = top.bullet;
    } else {
      indent = top.content;
    }
    const shown = bullet ?? marker;
    open.push({ written, indent, content: indent + shown.length + Math.max(1, m[3]!.length), bullet });
    lines[i] = `${" ".repeat(indent)}${shown}${line.slice(m[0].length - m[3]!.length)}`;
  }
  return lines.join("\n");
}

/** An ordered list may interrupt a paragraph whatever its first number (CommonMark: only at 1). */
function orderedListInterrupts(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (!silent || state.parentType !== "paragraph") return false;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  return /^\d{1,9}[.)] +\S/.test(lineText(state, startLine));
}

/** How many quotes enclose the one being parsed (a key of the render's env). */
const QUOTE_DEPTH = Symbol("quote depth");

/**
 * A quote as Python-Markdown reads one: every line of its block (up to a blank line or a fence), the `>` and one
 * space taken from the lines that have it; a block of nothing but `>` opens no quote and stays text.
 */
function quote(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const first = lineText(state, startLine);
  if (!first.startsWith(">")) return false;
  let next = startLine + 1;
  while (next < endLine && !state.isEmpty(next) && !FENCE_LINE.test(lineText(state, next)) && state.sCount[next]! >= state.blkIndent) next++;
  const lines: string[] = [];
  for (let l = startLine; l < next; l++) lines.push(lineText(state, l));
  // Python-Markdown's quote needs text after its marker: a block of lines that are `>` alone is a paragraph.
  if (lines.every((l) => /^>\s*$/.test(l))) return false;
  // Each quote parses its content anew; past markdown-it's nesting limit the markers stay text (no deep recursion).
  const depth = (state.env as Record<symbol, number | undefined>)[QUOTE_DEPTH] ?? 0;
  if (depth >= (state.md.options.maxNesting ?? 100)) return false;
  if (silent) return true;
  const inner = lines.map((l) => (l.startsWith(">") ? l.slice(l.startsWith("> ") ? 2 : 1) : l)).join("\n");
  const open = state.push("blockquote_open", "blockquote", 1);
  open.markup = ">";
  open.map = [startLine, next];
  const env = state.env as Record<symbol, number | undefined>;
  env[QUOTE_DEPTH] = depth + 1;
  state.md.block.parse(inner, state.md, state.env, state.tokens);
  env[QUOTE_DEPTH] = depth;
  state.push("blockquote_close", "blockquote", -1).markup = ">";
  state.line = next;
  return true;
}

/**
 * A paragraph: markdown-it's, keeping the trailing spaces Python-Markdown keeps, and, as the first paragraph of a
 * list item, its continuation lines' indentation.
 */
function paragraph(state: StateBlock, startLine: number, endLine: number): boolean {
  const terminators = state.md.block.ruler.getRules("paragraph");
  const oldParentType = state.parentType;
  let next = startLine + 1;
  state.parentType = "paragraph";
  for (; next < endLine && !state.isEmpty(next); next++) {
    if (state.sCount[next]! - state.blkIndent > 3) continue;
    if (state.sCount[next]! < 0) continue;
    if (terminators.some((rule) => rule(state, next, endLine, true))) break;
  }
  const firstOfItem = state.tokens.at(-1)?.type === "list_item_open";
  const content = firstOfItem
    ? [lineText(state, startLine), ...(next > startLine + 1 ? [state.getLines(startLine + 1, next, 0, false)] : [])].join("\n")
    : state.getLines(startLine, next, state.blkIndent, false).replace(/^[ \t]+/, "");
  state.line = next;
  state.push("paragraph_open", "p", 1).map = [startLine, next];
  const inline = state.push("inline", "", 0);
  inline.content = content;
  inline.map = [startLine, next];
  inline.children = [];
  state.push("paragraph_close", "p", -1);
  state.parentType = oldParentType;
  return true;
}

/** Fences whose content is Markdown: a fence inside them opens a block of its own, which its own closer ends. */
const MARKDOWN_FENCES = new Set(["quote", "spoiler"]);

/** A fence line: its marker run and what follows it, or null. */
function fenceAt(state: StateBlock, line: number): { marker: string; info: string } | null {
  const m = /^(`{3,}|~{3,})(.*)$/.exec(lineText(state, line));
  return m ? { marker: m[1]!, info: m[2]!.trim() } : null;
}

/**
 * A fence as Zulip's fence preprocessor reads one. It opens only on a clean info string (a language and a
 * header, no backticks or tildes), and closes at a line of exactly its own marker. Inside a quote or spoiler
 * fence, every other fence line opens a nested block that its own marker closes, so that `~~~` after a nested
 * ` ``` ` block still closes the quote; the content of code and math is not searched for fences.
 */
function fence(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const open = fenceAt(state, startLine);
  if (!open || /[`~]/.test(open.info)) return false;
  if (silent) return true;
  const nested = MARKDOWN_FENCES.has(open.info.split(/\s+/)[0]!.replace(/^\./, "").toLowerCase());
  const stack = [open.marker];
  let next = startLine;
  let closed = false;
  while (++next < endLine) {
    if (!state.isEmpty(next) && state.sCount[next]! < state.blkIndent) break;
    if (state.sCount[next]! - state.blkIndent >= 4) continue;
    const f = fenceAt(state, next);
    if (!f) continue;
    if (f.info === "" && f.marker === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) {
        closed = true;
        break;
      }
    } else if (nested && !/[`~]/.test(f.info)) stack.push(f.marker);
  }
  state.line = next + (closed ? 1 : 0);
  const token = state.push("fence", "code", 0);
  token.info = open.info;
  token.content = state.getLines(startLine + 1, next, state.sCount[startLine]!, true);
  token.markup = open.marker;
  token.map = [startLine, state.line];
  return true;
}

export function installBlocks(md: Md): void {
  md.core.ruler.after("normalize", "zulip_list_nesting", (state: StateCore) => {
    state.src = nestListsAsZulip(state.src);
  });
  md.block.ruler.at("fence", fence, { alt: ["paragraph", "reference", "blockquote", "list"] });
  md.block.ruler.at("blockquote", quote, { alt: ["paragraph", "reference", "blockquote", "list"] });
  md.block.ruler.before("list", "zulip_ordered_interrupts", orderedListInterrupts, { alt: ["paragraph"] });
  md.block.ruler.at("paragraph", paragraph);
  // A nested list follows its item's text directly, without markdown-it's newline after a tight paragraph.
  for (const type of ["bullet_list_open", "ordered_list_open"]) {
    md.renderer.rules[type] = (tokens, idx, options, _env, self) => {
      const html = self.renderToken(tokens, idx, options);
      return idx > 0 && tokens[idx - 1]!.hidden ? html.replace(/^\n/, "") : html;
    };
  }
}
