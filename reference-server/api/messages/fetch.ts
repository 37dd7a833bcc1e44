import { z } from "zod";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { Message, User } from "../../state/types.ts";
import { NarrowSchema, parseNarrow, type NarrowTerm } from "./narrow.ts";
import { fetchRange, flagsFor, readRange } from "./range.ts";
import { messageJsonOpen, serializeMessage, type MessageView } from "../../wire/message.ts";
import { RawJson } from "../../http/envelope.ts";
import { TextMemo } from "../../http/memo.ts";

const MessageIds = z.array(z.number().int());
/** Narrows by their text: clients send the same few narrows again and again (Params.optJson). */
const narrows = new TextMemo<NarrowTerm[]>(1000, 4096);

function view(ctx: RequestContext): MessageView {
  const { params, rt } = ctx;
  return {
    applyMarkdown: params.bool("apply_markdown", true),
    clientGravatar: params.bool("client_gravatar", true),
    allowEmptyTopic: rt.fl.has("allowEmptyTopicNameParameter") ? params.bool("allow_empty_topic_name", false) : false,
  };
}

function byIds(ctx: RequestContext, user: User, ids: number[], v: MessageView): Record<string, unknown> {
  const sent = ["anchor", "num_before", "num_after"].filter((p) => ctx.params.has(p));
  // The legacy first-unread flag names a range too (range.ts), so it conflicts with message_ids as the others do.
  if (ctx.params.bool("use_first_unread_anchor", false)) sent.push("use_first_unread_anchor");
  const p = sent[0];
  if (p !== undefined) throw badRequest(`Unsupported parameter combination: message_ids, ${p}`, { parameters: `message_ids, ${p}` });
  const messages = [...new Set(ids)]
    .sort((a, b) => a - b)
    .map((id) => ctx.rt.store.messages.get(id))
    .filter((m): m is Message => m !== undefined && ctx.rt.access.canReadMessage(user, m));
  return { messages: messages.map((m) => ({ ...serializeMessage(ctx.rt, m, v), flags: flagsFor(ctx, m) })), history_limited: false };
}

/**
 * The page as JSON text, each message's object from the fragment cache with the viewer's flags added: the same
 * bytes as the objects above would give. (`--product zulip` renames keys in the answer's objects, so it takes the
 * object path.)
 */
function pageJson(ctx: RequestContext, messages: readonly Message[], v: MessageView): RawJson {
  const { flags } = ctx.rt.store;
  const userId = ctx.user.id;
  const last = messages.length - 1;
  const chunks: Buffer[] = new Array<Buffer>(2 * messages.length + 2);
  chunks[0] = OPEN;
  let size = 2;
  for (let i = 0; i <= last; i++) {
    const m = messages[i]!;
    const open = messageJsonOpen(ctx.rt, m, v);
    const tail = flags.flagsJsonTail(userId, m.id, i < last);
    chunks[2 * i + 1] = open;
    chunks[2 * i + 2] = tail;
    size += open.length + tail.length;
  }
  chunks[chunks.length - 1] = CLOSE;
  return new RawJson(chunks, size);
}
const [OPEN, CLOSE] = ["[", "]"].map((s) => Buffer.from(s)) as [Buffer, Buffer];

/** GET /messages (wire §14): a range around an anchor within a narrow (range.ts), or named messages (FL300). */
async function getMessages(ctx: RequestContext): Promise<Record<string, unknown>> {
  const { params, rt, user } = ctx;
  const narrowTerms = params.optJson("narrow", NarrowSchema, parseNarrow, narrows) ?? [];
  const v = view(ctx);
  if (rt.fl.has("messageIdsParameter")) {
    const ids = params.optJson("message_ids", MessageIds);
    if (ids !== undefined) return byIds(ctx, user, ids, v);
  }
  const range = fetchRange(ctx, narrowTerms, readRange(ctx, "reject", true));
  return {
    messages:
      rt.config.product === "chat" ? pageJson(ctx, range.messages, v) : range.messages.map((m) => ({ ...serializeMessage(rt, m, v), flags: flagsFor(ctx, m) })),
    anchor: range.anchor,
    found_anchor: range.foundAnchor,
    found_oldest: range.foundOldest,
    found_newest: rt.faulty("fl153.messages.fetch-anchors") ? false : range.foundNewest,
    history_limited: false,
  };
}

export const routes: Route[] = [authed("GET", "/messages", getMessages)];
