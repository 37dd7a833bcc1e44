import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { editHistoryVisibility, historySnapshots } from "../../wire/edit-history.ts";
import { readableMessage } from "./readable.ts";

/**
 * GET /messages/{message_id}/history: the message's snapshots, oldest first. An empty topic (FL334) comes back
 * as "" only with allow_empty_topic_name=true; organizations that hide edit history refuse.
 */
function getHistory(ctx: RequestContext): Record<string, unknown> {
  const { rt, params } = ctx;
  const allowEmptyTopic = rt.fl.has("historyAllowEmptyTopicName") ? params.bool("allow_empty_topic_name", false) : false;
  const message = readableMessage(ctx, ctx.path.message_id);
  if (editHistoryVisibility(rt) === "none") throw badRequest("Message edit history is disabled in this organization");
  return { message_history: historySnapshots(rt, message, allowEmptyTopic) };
}

export const routes: Route[] = [authed("GET", "/messages/:message_id(^\\d+$)/history", getHistory)];
