import { badRequest } from "../../errors/registry.ts";
import type { RequestContext } from "../../runtime.ts";
import { SortedIds } from "../../state/sorted-ids.ts";
import type { Message } from "../../state/types.ts";
import { compileNarrow, type CompiledNarrow, type NarrowTerm } from "./narrow.ts";

/**
 * A range of messages around an anchor within a narrow (wire §14), shared by GET /messages and
 * POST /messages/flags/narrow: the same anchors, the same include_anchor rule, the same found_ flags.
 */
export const NEWEST_ANCHOR = 10_000_000_000_000_000;
export const MAX_RANGE = 5000;

interface Source {
  ids: SortedIds;
  matches(m: Message): boolean;
}

/**
 * Picks the smallest index that holds every match: a topic, a channel, a conversation, a sender's messages, the
 * user's unread messages, or the user's own messages.
 */
function sourceFor(ctx: RequestContext, narrow: CompiledNarrow): Source {
  const { rt, user } = ctx;
  const { store } = rt;
  if (narrow.channel && rt.access.canReadChannelHistory(user, narrow.channel)) {
    const ids = narrow.topic !== undefined ? store.topicMessages(narrow.channel.id, narrow.topic) : store.channelMessages(narrow.channel.id);
    return { ids, matches: narrow.test };
  }
  const received = (m: Message) => store.flagsOf(user.id, m.id) !== undefined && narrow.test(m);
  // Unread messages always have a row: the unread index needs no check of it.
  let best: Source = { ids: store.receivedBy(user.id), matches: received };
  const candidates: Source[] = [];
  if (narrow.dmUserIds) candidates.push({ ids: store.conversationMessages(narrow.dmUserIds), matches: received });
  if (narrow.senderId !== undefined) candidates.push({ ids: store.sentBy(narrow.senderId), matches: received });
  if (narrow.unread) candidates.push({ ids: store.flags.unreadOf(user.id), matches: narrow.test });
  // Clients fetch one message by `id` with num_before = num_after = 0 (a link, a reply): without this the walk for
  // "is there more" crosses the user's whole history and finds nothing.
  if (narrow.messageId !== undefined) candidates.push({ ids: SortedIds.of(store.messages.has(narrow.messageId) ? [narrow.messageId] : []), matches: received });
  for (const c of candidates) if (c.ids.length < best.ids.length) best = c;
  return best;
}

/** The user's flags on a message; a readable message the user never received is read and historical. */
export function flagsFor(ctx: RequestContext, m: Message): string[] {
  const flags = ctx.rt.store.flagsOf(ctx.user.id, m.id);
  return flags ? [...flags] : ["read", "historical"];
}

/**
 * first_unread: the oldest unread match (unread messages always have a row), found by walking the shorter of the
 * user's unread index and the narrow's index, and looking each id up in the other.
 */
function firstUnread(ctx: RequestContext, src: Source): number {
  const { store } = ctx.rt;
  const unread = store.flags.unreadOf(ctx.user.id);
  const [walked, other] = unread.length <= src.ids.length ? [unread, src.ids] : [src.ids, unread];
  for (let i = 0; i < walked.length; i++) {
    const id = walked.at(i)!;
    if (!other.has(id)) continue;
    const m = store.messages.get(id);
    if (m && src.matches(m)) return m.id;
  }
  return NEWEST_ANCHOR;
}

function resolveAnchor(ctx: RequestContext, raw: string, src: Source): number {
  if (raw === "newest") return NEWEST_ANCHOR;
  if (raw === "oldest") return 0;
  if (raw === "first_unread") return firstUnread(ctx, src);
  if (/^\d+$/.test(raw.trim())) return Number(raw);
  if (ctx.rt.faulty("fl153.messages.bad-anchor")) return NEWEST_ANCHOR;
  throw badRequest("Invalid anchor");
}

/** Walks the index from `start` in `step` direction and returns up to `count` matches, and whether more exist. */
function walk(ctx: RequestContext, src: Source, start: number, step: 1 | -1, count: number): { found: Message[]; exhausted: boolean } {
  const found: Message[] = [];
  for (let i = start; i >= 0 && i < src.ids.length; i += step) {
    const m = ctx.rt.store.messages.get(src.ids.at(i)!)!;
    if (!src.matches(m)) continue;
    if (found.length === count) return { found, exhausted: false };
    found.push(m);
  }
  return { found, exhausted: true };
}

export interface RangeRequest {
  anchor: string;
  includeAnchor: boolean;
  numBefore: number;
  numAfter: number;
}

/**
 * anchor, num_before, num_after and include_anchor (FL155). Too many messages is an error for GET /messages
 * (`reject`); POST /messages/flags/narrow shrinks the range instead (`clamp`).
 */
export function readRange(ctx: RequestContext, tooMany: "reject" | "clamp", legacyFirstUnread = false): RangeRequest {
  const { params, rt } = ctx;
  let numBefore = params.int("num_before");
  let numAfter = params.int("num_after");
  if (numBefore < 0 || numAfter < 0) throw badRequest("num_before and num_after must not be negative");
  if (numBefore + numAfter > MAX_RANGE) {
    if (tooMany === "reject") throw badRequest(`Too many messages requested (maximum ${MAX_RANGE}).`);
    numBefore = Math.min(numBefore, MAX_RANGE / 2);
    numAfter = Math.min(numAfter, MAX_RANGE - numBefore);
  }
  const includeAnchor = rt.fl.has("includeAnchorParameter") ? params.bool("include_anchor", true) : true;
  if (!includeAnchor && numBefore > 0 && numAfter > 0) throw badRequest("The anchor can only be excluded at an end of the range");
  return { anchor: readAnchor(ctx, legacyFirstUnread), includeAnchor, numBefore, numAfter };
}

/**
 * The anchor parameter. GET /messages still honours the deprecated `use_first_unread_anchor=true` as
 * `anchor=first_unread` (fl153.messages.fetch-anchors, the same anchors; a real server does so at every level,
 * and then reads but disregards `anchor`), so it is never an ignored parameter.
 */
function readAnchor(ctx: RequestContext, legacyFirstUnread: boolean): string {
  const { params } = ctx;
  if (!legacyFirstUnread || !params.bool("use_first_unread_anchor", false)) return params.str("anchor");
  params.optStr("anchor");
  return "first_unread";
}

export interface Range {
  messages: Message[];
  anchor: number;
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
}

/** The messages of the narrow around the anchor, ascending, as the user sees them. */
export function fetchRange(ctx: RequestContext, narrowTerms: NarrowTerm[], req: RangeRequest): Range {
  const { rt, user } = ctx;
  const src = sourceFor(ctx, compileNarrow(rt, user, narrowTerms));
  const anchor = resolveAnchor(ctx, req.anchor, src);
  const pos = src.ids.lowerBound(anchor);
  const atAnchor = src.ids.at(pos) === anchor ? rt.store.messages.get(anchor) : undefined;
  const foundAnchor = atAnchor !== undefined && src.matches(atAnchor);
  const before = walk(ctx, src, pos - 1, -1, req.numBefore);
  const after = walk(ctx, src, atAnchor ? pos + 1 : pos, 1, req.numAfter);
  const messages = [...before.found.reverse(), ...(foundAnchor && req.includeAnchor ? [atAnchor] : []), ...after.found];
  return { messages, anchor, foundAnchor, foundOldest: before.exhausted, foundNewest: after.exhausted };
}
