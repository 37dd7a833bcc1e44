import type { MarkdownIt as Md, StateCore, StateInline, Token } from "markdown-it";

import type { CamoConfig, Runtime } from "../../../runtime.ts";
import { serializeRealmEmoji } from "../../../wire/realm-emoji.ts";
import { emojiByNameOrNull, emojiOfText } from "../emoji.ts";
import { escapeHtml } from "../escape.ts";
import { texBlock } from "./fences.ts";
import { parseTime } from "./time.ts";

/** What an inline rule may look up: the runtime when the message is rendered for an organization. */
export interface RenderEnv {
  [key: PropertyKey]: unknown;
  rt?: Runtime;
  /** The sender's translate_emoticons: `:)` and the like become emoji. */
  translateEmoticons?: boolean;
  /** The image proxy external media are previewed through (markdown/previews.ts). */
  camo?: CamoConfig | null;
}

const WILDCARDS = new Set(["all", "everyone", "channel", "stream", "topic"]);
const USER_MENTION = /@(_?)\*\*([^*\n]+?)\*\*/y;
const GROUP_MENTION = /@(_?)\*([^*\n]+?)\*/y;
const CHANNEL_LINK = /#\*\*([^*\n]+?)\*\*/y;
const EMOJI_NAME = /:([a-z0-9_+-]+):/y;
const TIME = /<time:([^>]*)>/y;
/** `$$…$$` on one line; a backslash-escaped `\$` is part of the formula. */
const TEX = /\$\$((?:\\.|[^$\\\n])+?)\$\$(?!\$)/y;

/** A sticky pattern matched at the rule's position, without copying the rest of the source (the hot path). */
function matchAt(re: RegExp, state: StateInline): RegExpExecArray | null {
  re.lastIndex = state.pos;
  return re.exec(state.src);
}

function push(state: StateInline, html: string, length: number, silent: boolean): boolean {
  if (!silent) state.push("html_inline", "", 0).content = html;
  state.pos += length;
  return true;
}

/** Zulip's hash encoding of a narrow's operand: URI encoding with `.` for `%`. */
const hashEncode = (s: string) => encodeURIComponent(s.replace(/ /g, " ")).replace(/\./g, "%2E").replace(/%/g, ".");

function userMention(state: StateInline, silent: boolean): boolean {
  const m = matchAt(USER_MENTION, state);
  if (!m) return false;
  const rt = (state.env as RenderEnv).rt;
  const quiet = m[1] === "_";
  const [, , inner] = m as unknown as [string, string, string];
  const bar = inner.lastIndexOf("|");
  const name = bar >= 0 ? inner.slice(0, bar) : inner;
  const id = bar >= 0 && /^\d+$/.test(inner.slice(bar + 1)) ? Number(inner.slice(bar + 1)) : undefined;
  const cls = quiet ? "user-mention silent" : "user-mention";
  if (id === undefined && WILDCARDS.has(name.toLowerCase())) {
    const kind = name.toLowerCase() === "topic" ? "topic-mention" : "channel-wildcard-mention";
    return push(state, `<span class="${cls} ${kind}" data-user-id="*">${quiet ? "" : "@"}${escapeHtml(name)}</span>`, m[0].length, silent);
  }
  if (!rt) return false;
  const wanted = name.trim().toLowerCase();
  let user = id !== undefined ? rt.store.users.get(id) : undefined;
  if (id === undefined) for (const u of rt.store.users.values()) if (u.isActive && u.fullName.toLowerCase() === wanted) user = u;
  if (!user) {
    if (id === undefined) return false;
    return push(state, `<span class="${cls}" data-user-id="${id}">${quiet ? "" : "@"}${escapeHtml(name)}</span>`, m[0].length, silent);
  }
  return push(state, `<span class="${cls}" data-user-id="${user.id}">${quiet ? "" : "@"}${escapeHtml(user.fullName)}</span>`, m[0].length, silent);
}

function groupMention(state: StateInline, silent: boolean): boolean {
  const rt = (state.env as RenderEnv).rt;
  if (!rt) return false;
  const m = matchAt(GROUP_MENTION, state);
  if (!m) return false;
  const group = rt.store.groups.named(m[2]!);
  if (!group || group.deactivated) return false;
  const quiet = m[1] === "_";
  // Silent mentions of system groups are a level's (spec: FL333); loud ones of system groups are not rendered.
  if (group.isSystem && !(quiet && rt.fl.has("silentSystemGroupMention"))) return false;
  const cls = quiet ? "user-group-mention silent" : "user-group-mention";
  return push(state, `<span class="${cls}" data-user-group-id="${group.id}">${quiet ? "" : "@"}${escapeHtml(group.name)}</span>`, m[0].length, silent);
}

function channelLink(state: StateInline, silent: boolean): boolean {
  const rt = (state.env as RenderEnv).rt;
  if (!rt) return false;
  const m = matchAt(CHANNEL_LINK, state);
  if (!m) return false;
  const inner = m[1]!;
  const gt = inner.indexOf(">");
  const channel = rt.store.channelByName(gt >= 0 ? inner.slice(0, gt) : inner);
  if (!channel) return false;
  const base = `/#narrow/channel/${channel.id}-${hashEncode(channel.name)}`;
  if (gt < 0) return push(state, `<a class="stream" data-stream-id="${channel.id}" href="${base}">#${escapeHtml(channel.name)}</a>`, m[0].length, silent);
  const topic = inner.slice(gt + 1);
  const html = `<a class="stream-topic" data-stream-id="${channel.id}" href="${base}/topic/${hashEncode(topic)}">#${escapeHtml(channel.name)} &gt; ${escapeHtml(topic)}</a>`;
  return push(state, html, m[0].length, silent);
}

/** An emoji's span: the name in its title and label with spaces for underscores, the code in its class. */
export function emojiSpan(name: string, code: string): string {
  const title = escapeHtml(name.replace(/_/g, " "));
  return `<span aria-label="${title}" class="emoji emoji-${code}" role="img" title="${title}">:${escapeHtml(name)}:</span>`;
}

function emoji(state: StateInline, silent: boolean): boolean {
  const m = matchAt(EMOJI_NAME, state);
  if (!m) return false;
  // The organization's custom emoji come before unicode ones of the same name, as an image of its upload.
  const custom = (state.env as RenderEnv).rt?.store.realmEmoji.active(m[1]!);
  if (custom) {
    const src = escapeHtml(String(serializeRealmEmoji(custom).source_url));
    const html = `<img alt=":${escapeHtml(custom.name)}:" class="emoji" src="${src}" title="${escapeHtml(custom.name.replace(/_/g, " "))}">`;
    return push(state, html, m[0].length, silent);
  }
  const e = emojiByNameOrNull(m[1]!);
  if (!e) return false;
  if (e.reactionType === "zulip_extra_emoji") {
    const html = `<img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip">`;
    return push(state, html, m[0].length, silent);
  }
  return push(state, emojiSpan(e.emojiName, e.emojiCode), m[0].length, silent);
}

/**
 * A run of characters that looks like one emoji: a keycap, a flag's two regional indicators, or pictographs joined by
 * ZWJ, each with its optional presentation selector, skin tone and tag characters. The whole run is looked up; a
 * run the table lacks stays text (Zulip does not split an unknown sequence into the emoji it is made of).
 */
const UNICODE_EMOJI =
  /[#*0-9]\uFE0F?\u20E3|\p{Regional_Indicator}{2}|\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?[\u{E0020}-\u{E007F}]*(?:\u200D\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?)*/u;

/** The emoticons Zulip translates for a sender who asks it to (translate_emoticons), each to an emoji's name. */
const EMOTICONS: ReadonlyMap<string, string> = new Map([
  [":)", "smile"],
  ["(:", "smile"],
  [":(", "frown"],
  ["<3", "heart"],
  [":|", "neutral"],
  [":/", "confused"],
  [";)", "wink"],
  [":D", "grinning"],
  [":o", "open_mouth"],
  [":O", "open_mouth"],
  [":p", "stuck_out_tongue"],
  [":P", "stuck_out_tongue"],
]);
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** An emoticon standing alone: neither a letter nor a digit touches it (`foo:)bar` is no emoticon). */
const EMOTICON = new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...EMOTICONS.keys()].map(escapeRe).join("|")})(?![\\p{L}\\p{N}])`, "u");
const EMOJI_OR_EMOTICON = new RegExp(`${UNICODE_EMOJI.source}|${EMOTICON.source}`, "gu");
const EMOJI_ONLY = new RegExp(UNICODE_EMOJI.source, "gu");

/** The emoji a piece of text is, as its span, or null when it is none the table knows. */
function emojiHtml(piece: string): string | null {
  const named = EMOTICONS.get(piece);
  if (named !== undefined) {
    const e = emojiByNameOrNull(named);
    return e ? emojiSpan(e.emojiName, e.emojiCode) : null;
  }
  const e = emojiOfText(piece);
  return e ? emojiSpan(e.name, e.code) : null;
}

/**
 * Unicode emoji (and, for a sender who wants them, emoticons) in the text of inline content, as emoji spans. A core
 * rule over the finished text tokens, since markdown-it's text rule swallows these characters with the words around.
 */
function unicodeEmoji(state: StateCore): void {
  const pattern = (state.env as RenderEnv).translateEmoticons ? EMOJI_OR_EMOTICON : EMOJI_ONLY;
  for (const block of state.tokens) {
    if (block.type !== "inline" || !block.children) continue;
    const out: Token[] = [];
    let changed = false;
    for (const token of block.children) {
      if (token.type !== "text") {
        out.push(token);
        continue;
      }
      let last = 0;
      pattern.lastIndex = 0;
      for (const m of token.content.matchAll(pattern)) {
        const html = emojiHtml(m[0]);
        if (html === null) continue;
        if (m.index > last) out.push(textToken(state, token.content.slice(last, m.index)));
        const t = new state.Token("html_inline", "", 0);
        t.content = html;
        out.push(t);
        last = m.index + m[0].length;
      }
      if (last === 0) out.push(token);
      else {
        changed = true;
        if (last < token.content.length) out.push(textToken(state, token.content.slice(last)));
      }
    }
    if (changed) block.children = out;
  }
}

function textToken(state: StateCore, content: string): Token {
  const t = new state.Token("text", "", 0);
  t.content = content;
  return t;
}

/** `<time:…>`: a `time` element in UTC, or a `timestamp-error` span for text that is no time. */
function time(state: StateInline, silent: boolean): boolean {
  const m = matchAt(TIME, state);
  if (!m) return false;
  const text = m[1]!;
  const ms = parseTime(text);
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(ms) || Number.isNaN(date.getTime()) || year < 1 || year > 9999) {
    return push(state, `<span class="timestamp-error">Invalid time format: ${escapeHtml(text)}</span>`, m[0].length, silent);
  }
  return push(state, `<time datetime="${date.toISOString().replace(/\.\d{3}Z$/, "Z")}">${escapeHtml(text)}</time>`, m[0].length, silent);
}

function tex(state: StateInline, silent: boolean): boolean {
  const m = matchAt(TEX, state);
  if (!m || m[1]!.trim() === "" || m[1] === "_") return false;
  // KaTeX gets the formula as written: its annotation keeps the spaces.
  return push(state, texBlock(m[1]!, false), m[0].length, silent);
}

/** `_` never emphasises (Zulip's choice): a run of underscores is text. */
function underscore(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5f) return false;
  let end = state.pos;
  while (state.src.charCodeAt(end) === 0x5f) end++;
  if (!silent) state.push("text", "", 0).content = state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

/** Zulip's inline syntax, before markdown-it's own emphasis (so `**` of a mention is not bold). */
export function installInline(md: Md): void {
  md.inline.ruler.before("emphasis", "zulip_user_mention", userMention);
  md.inline.ruler.before("emphasis", "zulip_group_mention", groupMention);
  md.inline.ruler.before("emphasis", "zulip_channel_link", channelLink);
  md.inline.ruler.before("emphasis", "zulip_tex", tex);
  md.inline.ruler.before("emphasis", "zulip_underscore", underscore);
  md.inline.ruler.before("text", "zulip_time", time);
  md.inline.ruler.before("emphasis", "zulip_emoji", emoji);
  md.core.ruler.push("zulip_unicode_emoji", unicodeEmoji);
}
