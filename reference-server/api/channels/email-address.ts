import { createHash } from "node:crypto";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { channelFromPath } from "./lookup.ts";

/** The sender the address posts as: the email gateway (0, the default) or, from FL335, sender_id. */
function senderOf(ctx: RequestContext): number {
  const { rt, user, params } = ctx;
  if (!rt.fl.has("emailAddressSenderId")) return 0;
  const id = params.optInt("sender_id");
  if (id === undefined) return 0;
  const sender = rt.store.users.get(id);
  // The requester, or a bot the requester owns (real servers also accept the email gateway bot).
  if (!sender || !sender.isActive || (sender.id !== user.id && !(sender.isBot && sender.botOwnerId === user.id))) throw badRequest("Invalid user ID");
  return sender.id;
}

/**
 * GET /streams/{stream_id}/email_address → {email}: an address whose messages land in the channel. The token
 * names the channel and the sender (FL335 sender_id), so each sender has an address of its own.
 */
function emailAddress(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const channel = channelFromPath(ctx);
  if (!rt.access.channels.content(user, channel)) throw badRequest("Invalid channel ID");
  const sender = senderOf(ctx);
  const token = createHash("sha256").update(`${rt.store.seed}:${channel.id}:${sender}`).digest("hex").slice(0, 32);
  const slug =
    channel.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "channel";
  return { email: `${slug}.${token}@${new URL(rt.url).hostname}` };
}

export const routes: Route[] = [authed("GET", "/streams/:stream_id(^\\d+$)/email_address", emailAddress)];
