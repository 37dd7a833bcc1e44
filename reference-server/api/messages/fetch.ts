import { z } from "zod";
import { badRequest } from "../../http/errors.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { Message, User } from "../../state/types.ts";
import { NarrowSchema } from "./narrow.ts";
import { fetchRange, flagsFor, readRange } from "./range.ts";
import { serializeMessage, type MessageView } from "./serialize.ts";

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

/** GET /messages (wire §14): a range around an anchor within a narrow (range.ts), or named messages (FL300). */
async function getMessages(ctx: RequestContext): Promise<Record<string, unknown>> {
  const { params, rt, user } = ctx;
  const narrowTerms = params.optJson("narrow", NarrowSchema) ?? [];
  const v = view(ctx);
  if (rt.fl.has("messageIdsParameter")) {
    const ids = params.optJson("message_ids", z.array(z.number().int()));
    if (ids !== undefined) return byIds(ctx, user, ids, v);
  }
  const range = fetchRange(ctx, narrowTerms, readRange(ctx, "reject"));
  return {
    messages: range.messages.map((m) => ({ ...serializeMessage(rt, m, v), flags: flagsFor(ctx, m) })),
    anchor: range.anchor,
    found_anchor: range.foundAnchor,
    found_oldest: range.foundOldest,
    found_newest: rt.faulty("fl153.messages.fetch-anchors") ? false : range.foundNewest,
    history_limited: false,
  };
}

export const routes: Route[] = [authed("GET", "/messages", getMessages)];
