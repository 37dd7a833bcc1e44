import { z } from "zod";
import { publishChannelTyping, publishDirectTyping, type TypingOp } from "../../events/typing.ts";
import { badRequest, streamDoesNotExist } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { Channel, User } from "../../state/types.ts";

const UserIds = z.array(z.number().int());

function readOp(ctx: RequestContext): TypingOp {
  const op = ctx.params.str("op");
  if (op === "start" || op === "stop") return op;
  if (ctx.rt.faulty("fl153.messages.typing-bad-input")) return "start";
  throw badRequest("Invalid op");
}

/**
 * `type`: `direct` (the default from FL174) or `stream`; `private` until FL215 (the default before FL174). The
 * `channel` spelling of real servers is accepted where `stream` takes stream_id (harmless, wire §17.2 #16).
 */
function readKind(ctx: RequestContext): "direct" | "stream" {
  const { fl } = ctx.rt;
  const raw = ctx.params.optStr("type") ?? (fl.has("directMessageType") ? "direct" : "private");
  if (raw === "stream" || (raw === "channel" && fl.has("typingStreamId"))) return "stream";
  if (raw === "private" && !fl.has("typingPrivateRejected")) return "direct";
  if (raw === "direct" && fl.has("directMessageType") && !ctx.rt.faulty("fl215.messages.typing-types")) return "direct";
  throw badRequest("Invalid type");
}

/** `to` of a direct typing notification: a JSON list of user ids; the sender is always a participant. */
function participants(ctx: RequestContext): User[] {
  const ids = ctx.params.json("to", UserIds);
  if (ids.length === 0) throw badRequest("Empty 'to' list");
  const users = ids.map((id) => {
    const u = ctx.rt.store.users.get(id);
    if (!u || !u.isActive) throw badRequest(`Invalid user ID ${id}`);
    return u;
  });
  return [...new Map([ctx.user, ...users].map((u) => [u.id, u])).values()];
}

/** The channel: stream_id from FL215, before that a one-element JSON list in `to`. */
function channelOf(ctx: RequestContext): Channel {
  const { rt, params } = ctx;
  let id: number;
  if (rt.fl.has("typingStreamId")) {
    const given = params.optJson("stream_id", z.number().int());
    if (given === undefined) throw badRequest("Missing channel ID");
    id = given;
  } else {
    id = params.json("to", z.tuple([z.number().int()]))[0];
  }
  const channel = rt.store.channels.get(id);
  if (!channel || !rt.access.canTypeInChannel(ctx.user, channel)) throw streamDoesNotExist({ stream_id: id });
  return channel;
}

/** The topic: "" only from FL334; the literal "(no topic)" means "" from FL372. */
function topicOf(ctx: RequestContext): string {
  const topic = ctx.params.str("topic").trim();
  if (topic === "(no topic)" && ctx.rt.fl.has("typingNoTopicLiteral")) return "";
  if (topic === "" && !ctx.rt.fl.has("emptyTopicName")) throw badRequest("Topic can't be empty!");
  return topic;
}

/** POST /typing: a start or stop notification for a direct conversation or a channel topic. */
function typing(ctx: RequestContext): Record<string, unknown> {
  const op = readOp(ctx);
  if (readKind(ctx) === "stream") {
    const channel = channelOf(ctx);
    publishChannelTyping(ctx.rt, op, ctx.user, channel, topicOf(ctx));
  } else {
    const sent = op === "stop" && ctx.rt.faulty("fl153.messages.typing-direct-to") ? "start" : op;
    publishDirectTyping(ctx.rt, sent, ctx.user, participants(ctx));
  }
  return {};
}

export const routes: Route[] = [authed("POST", "/typing", typing)];
