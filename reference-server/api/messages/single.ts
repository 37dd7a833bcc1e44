import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { readableMessage } from "./readable.ts";
import { serializeMessage } from "../../wire/message.ts";

/**
 * GET /messages/{message_id} (wire §13): `message` with the user's flags, and the deprecated raw_content. An empty
 * topic (FL334) comes back as "" only with allow_empty_topic_name=true.
 */
function getMessage(ctx: RequestContext): Record<string, unknown> {
  const { rt, params, user } = ctx;
  const message = readableMessage(ctx, ctx.path.message_id, "contentAccessSingle");
  const view = {
    applyMarkdown: params.bool("apply_markdown", true),
    clientGravatar: params.bool("client_gravatar", true),
    allowEmptyTopic: rt.fl.has("singleAllowEmptyTopicName") ? params.bool("allow_empty_topic_name", false) : false,
  };
  const flags = rt.store.flagsOf(user.id, message.id);
  return {
    message: { ...serializeMessage(rt, message, view), flags: flags ? [...flags] : ["read", "historical"] },
    raw_content: message.content,
  };
}

export const routes: Route[] = [authed("GET", "/messages/:message_id(^\\d+$)", getMessage)];
