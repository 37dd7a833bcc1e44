import { badRequest } from "../../errors/registry.ts";
import { wildcardMentionRefusal } from "../../access/wildcard-mentions.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { messageKind, readContent, readTopic } from "./compose.ts";
import { postMessage, type Destination } from "./post.ts";
import { requestClient } from "./client-name.ts";
import { resolveChannel, resolveUsers } from "./recipients.ts";
import { applyAutomaticVisibility, automaticPolicyField } from "./topics/automatic-visibility.ts";
import { checkDirectMessagePermission } from "../realm/direct-message-permission.ts";

/** realm_str: an authorization error on mismatch before FL166, ignored from then on. */
function checkRealmStr(ctx: RequestContext): void {
  const realmStr = ctx.params.optStr("realm_str");
  if (realmStr !== undefined && ctx.rt.fl.has("realmStrMismatchRejected") && realmStr !== ctx.rt.store.realm.stringId) {
    throw badRequest("User not authorized for this query");
  }
}

/** POST /messages: a channel message (`to` a channel, a topic) or a direct message (`to` the recipients). */
async function sendMessage(ctx: RequestContext): Promise<Record<string, unknown>> {
  const { rt, user, params } = ctx;
  const kind = messageKind(ctx, params.str("type"));
  checkRealmStr(ctx);
  const to = params.str("to");
  const content = readContent(ctx);
  const queueId = params.optStr("queue_id");
  const localId = params.optStr("local_id");
  let dest: Destination;
  if (kind === "stream") {
    const channel = resolveChannel(rt, to);
    const topic = readTopic(ctx);
    if (!rt.access.canPostToChannel(user, channel)) throw badRequest("Not authorized to send to channel");
    const refusal = wildcardMentionRefusal(rt, user, channel, topic, content);
    if (refusal) throw refusal;
    dest = { type: "stream", channel, topic };
  } else {
    const recipients = resolveUsers(rt, to);
    // The realm's direct-message permissions.
    checkDirectMessagePermission(rt, user, recipients);
    dest = { type: "private", recipients };
  }
  const readBySender = rt.fl.has("readBySender") ? params.optBool("read_by_sender") : undefined;
  const localEcho = queueId !== undefined && localId !== undefined ? { queueId, localId } : undefined;
  const message = postMessage(rt, user, dest, content, { readBySender, localEcho, client: requestClient(ctx.req) });
  return { id: message.id, ...automaticPolicyField(rt, applyAutomaticVisibility(rt, user, message)) };
}

export const routes: Route[] = [authed("POST", "/messages", sendMessage)];
