import { publishMessage } from "../../events/message.ts";
import { ApiError, badRequest } from "../../http/errors.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { Message } from "../../state/types.ts";
import { resolveChannel, resolveUsers } from "./recipients.ts";
import { renderMarkdown } from "./render.ts";
import { MAX_MESSAGE_LENGTH, truncateTopic } from "./topic.ts";

type Kind = "stream" | "private";

/** `type`: stream/channel, private, and direct from FL174 (fl174.messages.direct-type). */
function messageKind(ctx: RequestContext, raw: string): Kind {
  if (raw === "stream" || raw === "channel") return "stream";
  if (raw === "private") return "private";
  if (raw === "direct" && ctx.rt.fl.has("directMessageType")) return "private";
  throw badRequest("Invalid message type");
}

function readContent(ctx: RequestContext): string {
  const content = ctx.params.str("content");
  if (content.trim() === "") throw badRequest("Message must not be empty");
  return [...content].length > MAX_MESSAGE_LENGTH ? `${[...content].slice(0, MAX_MESSAGE_LENGTH - 3).join("")}...` : content;
}

function readTopic(ctx: RequestContext): string {
  const raw = ctx.params.optStr("topic", "subject");
  if (raw === undefined) {
    if (ctx.rt.fl.has("emptyTopicName")) return "";
    throw new ApiError(400, "REQUEST_VARIABLE_MISSING", "Missing topic", { var_name: "topic" });
  }
  const topic = raw.trim();
  if (topic === "" && !ctx.rt.fl.has("emptyTopicName")) throw badRequest("Topic can't be empty!");
  return truncateTopic(topic);
}

/** realm_str: an authorization error on mismatch before FL166, ignored from then on. */
function checkRealmStr(ctx: RequestContext): void {
  const realmStr = ctx.params.optStr("realm_str");
  if (realmStr !== undefined && ctx.rt.fl.has("realmStrMismatchRejected") && realmStr !== ctx.rt.store.realm.stringId) {
    throw badRequest("User not authorized for this query");
  }
}

async function sendMessage(ctx: RequestContext): Promise<Record<string, unknown>> {
  const { rt, user, params } = ctx;
  const kind = messageKind(ctx, params.str("type"));
  checkRealmStr(ctx);
  const to = params.str("to");
  const content = readContent(ctx);
  params.optStr("queue_id");
  params.optStr("local_id");
  const { store } = rt;
  const base = {
    id: 0,
    senderId: user.id,
    content,
    renderedContent: renderMarkdown(content),
    timestamp: store.clock(),
    client: "API",
    reactions: [],
    lastEditTimestamp: null,
    lastMovedTimestamp: null,
  };
  const receivers = new Map<number, Set<string>>();
  let message: Message;
  if (kind === "stream") {
    const channel = resolveChannel(rt, to);
    const topic = readTopic(ctx);
    if (!rt.access.canPostToChannel(user, channel)) throw badRequest("Not authorized to send to channel");
    message = { ...base, type: "stream", channelId: channel.id, topic, dmUserIds: [], recipientId: channel.recipientId };
    for (const id of store.subscribersOf(channel.id)) receivers.set(id, new Set());
  } else {
    const recipients = resolveUsers(rt, to);
    const userIds = [...new Set([user.id, ...recipients.map((u) => u.id)])].sort((a, b) => a - b);
    message = { ...base, type: "private", channelId: null, topic: "", dmUserIds: userIds, recipientId: store.conversationRecipientId(userIds) };
    for (const id of userIds) receivers.set(id, new Set());
  }
  message.id = store.nextMessageId();
  receivers.set(user.id, new Set(["read"]));
  store.addMessage(message, receivers);
  publishMessage(rt, message, receivers);
  return { id: message.id };
}

export const routes: Route[] = [authed("POST", "/messages", sendMessage)];
