import { z } from "zod";
import { badRequest } from "../../http/errors.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { SortedIds } from "../../state/sorted-ids.ts";
import type { Message, User } from "../../state/types.ts";
import { compileNarrow, NarrowSchema, type CompiledNarrow } from "./narrow.ts";
import { serializeMessage, type MessageView } from "./serialize.ts";

const NEWEST = 10_000_000_000_000_000;
const MAX_PAGE = 5000;

interface Source {
  ids: SortedIds;
  matches(m: Message): boolean;
}

/** Picks the smallest index that holds every match: a topic, a channel, a conversation, or the user's own messages. */
function sourceFor(ctx: RequestContext, narrow: CompiledNarrow): Source {
  const { rt, user } = ctx;
  const { store } = rt;
  const received = (m: Message) => store.flagsOf(user.id, m.id) !== undefined;
  if (narrow.channel && rt.access.canReadChannelHistory(user, narrow.channel)) {
    const ids = narrow.topic !== undefined ? store.topicMessages(narrow.channel.id, narrow.topic) : store.channelMessages(narrow.channel.id);
    return { ids, matches: narrow.test };
  }
  const ids = narrow.dmUserIds ? store.conversationMessages(narrow.dmUserIds) : store.receivedBy(user.id);
  return { ids, matches: (m) => received(m) && narrow.test(m) };
}

function flagsFor(ctx: RequestContext, m: Message): string[] {
  const flags = ctx.rt.store.flagsOf(ctx.user.id, m.id);
  return flags ? [...flags] : ["read", "historical"];
}

function resolveAnchor(ctx: RequestContext, raw: string, src: Source): number {
  if (raw === "newest") return NEWEST;
  if (raw === "oldest") return 0;
  if (raw === "first_unread") {
    for (let i = 0; i < src.ids.length; i++) {
      const m = ctx.rt.store.messages.get(src.ids.at(i)!)!;
      if (src.matches(m) && !flagsFor(ctx, m).includes("read")) return m.id;
    }
    return NEWEST;
  }
  if (/^\d+$/.test(raw.trim())) return Number(raw);
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

function view(ctx: RequestContext): MessageView {
  const { params, rt } = ctx;
  return {
    applyMarkdown: params.bool("apply_markdown", true),
    clientGravatar: params.bool("client_gravatar", true),
    allowEmptyTopic: rt.fl.has("allowEmptyTopicNameParameter") ? params.bool("allow_empty_topic_name", false) : false,
  };
}

function byIds(ctx: RequestContext, user: User, ids: number[], v: MessageView): Record<string, unknown> {
  for (const p of ["anchor", "num_before", "num_after"]) {
    if (ctx.params.has(p)) throw badRequest(`Unsupported parameter combination: message_ids, ${p}`, { parameters: `message_ids, ${p}` });
  }
  const messages = [...new Set(ids)]
    .sort((a, b) => a - b)
    .map((id) => ctx.rt.store.messages.get(id))
    .filter((m): m is Message => m !== undefined && ctx.rt.access.canReadMessage(user, m));
  return { messages: messages.map((m) => ({ ...serializeMessage(ctx.rt, m, v), flags: flagsFor(ctx, m) })), history_limited: false };
}

async function getMessages(ctx: RequestContext): Promise<Record<string, unknown>> {
  const { params, rt, user } = ctx;
  const narrowTerms = params.optJson("narrow", NarrowSchema) ?? [];
  const v = view(ctx);
  if (rt.fl.has("messageIdsParameter")) {
    const ids = params.optJson("message_ids", z.array(z.number().int()));
    if (ids !== undefined) return byIds(ctx, user, ids, v);
  }
  const numBefore = params.int("num_before");
  const numAfter = params.int("num_after");
  if (numBefore < 0 || numAfter < 0) throw badRequest("num_before and num_after must not be negative");
  if (numBefore + numAfter > MAX_PAGE) throw badRequest(`Too many messages requested (maximum ${MAX_PAGE}).`);
  const includeAnchor = rt.fl.has("includeAnchorParameter") ? params.bool("include_anchor", true) : true;
  if (!includeAnchor && numBefore > 0 && numAfter > 0) throw badRequest("The anchor can only be excluded at an end of the range");
  const src = sourceFor(ctx, compileNarrow(rt, user, narrowTerms));
  const anchor = resolveAnchor(ctx, params.str("anchor"), src);
  const pos = src.ids.lowerBound(anchor);
  const atAnchor = src.ids.at(pos) === anchor ? rt.store.messages.get(anchor) : undefined;
  const foundAnchor = atAnchor !== undefined && src.matches(atAnchor);
  const before = walk(ctx, src, pos - 1, -1, numBefore);
  const after = walk(ctx, src, atAnchor ? pos + 1 : pos, 1, numAfter);
  const page = [...before.found.reverse(), ...(foundAnchor && includeAnchor ? [atAnchor] : []), ...after.found];
  return {
    messages: page.map((m) => ({ ...serializeMessage(rt, m, v), flags: flagsFor(ctx, m) })),
    anchor,
    found_anchor: foundAnchor,
    found_oldest: before.exhausted,
    found_newest: rt.faulty("fl153.messages.fetch-anchors") ? false : after.exhausted,
    history_limited: false,
  };
}

export const routes: Route[] = [authed("GET", "/messages", getMessages)];
