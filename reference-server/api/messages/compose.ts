import { badRequest, missingTopic } from "../../errors/registry.ts";
import type { RequestContext } from "../../runtime.ts";
import { MAX_MESSAGE_LENGTH, truncateTopic } from "../../wire/topic.ts";

/** What a composed message is: to a channel topic or a direct conversation (the stored `type` values). */
export type MessageKind = "stream" | "private";

/**
 * The parameters of a message being composed, read alike by POST /messages and POST /scheduled_messages:
 * `type` stream/channel, private, and direct from FL174 (fl174.messages.direct-type).
 */
export function messageKind(ctx: RequestContext, raw: string): MessageKind {
  if (raw === "stream" || raw === "channel") return "stream";
  if (raw === "private" && !(ctx.rt.fl.has("directMessageType") && ctx.rt.faulty("fl174.messages.private-type-alias"))) return "private";
  if (raw === "direct" && ctx.rt.fl.has("directMessageType")) return "private";
  throw badRequest("Invalid message type");
}

/** `content`: not blank; longer than the limit is cut with an ellipsis, as real servers do. */
export function readContent(ctx: RequestContext): string {
  const content = ctx.params.str("content");
  if (content.trim() === "") throw badRequest("Message must not be empty");
  return [...content].length > MAX_MESSAGE_LENGTH ? `${[...content].slice(0, MAX_MESSAGE_LENGTH - 3).join("")}...` : content;
}

/** `topic` (alias `subject`): the empty topic is allowed from FL334 (fl334.messages.empty-topic-send). */
export function readTopic(ctx: RequestContext): string {
  const raw = ctx.params.optStr("topic", ctx.rt.faulty("fl153.messages.subject-alias") ? undefined : "subject");
  if (raw === undefined) {
    if (ctx.rt.fl.has("emptyTopicName")) return "";
    throw missingTopic();
  }
  const topic = raw.trim();
  if (topic === "" && !ctx.rt.fl.has("emptyTopicName")) throw badRequest("Topic can't be empty!");
  return truncateTopic(topic);
}
