import { channelAudience, publishStreamDelete } from "../../events/stream.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { channelFromPath } from "./lookup.ts";
import { removeDefaultChannel } from "./default-channels.ts";

/**
 * DELETE /streams/{stream_id}: a channel administrator archives the channel (metadata access suffices from FL349,
 * content access before). Those who heard of it get a stream delete event; it leaves the lists of
 * GET /streams (unless asked for, FL356) and of register.
 */
function archiveStream(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const channel = channelFromPath(ctx);
  if (channel.isArchived) throw badRequest("Channel is already deactivated");
  if (!rt.access.channels.archive(user, channel)) throw badRequest("You do not have permission to administer this channel.");
  const audience = channelAudience(rt, channel, false);
  channel.isArchived = true;
  publishStreamDelete(rt, channel, audience);
  // An archived channel stops being a default channel, and clients are told so.
  if (channel.isDefault) removeDefaultChannel(rt, channel);
  return {};
}

export const routes: Route[] = [authed("DELETE", "/streams/:stream_id(^\\d+$)", archiveStream)];
