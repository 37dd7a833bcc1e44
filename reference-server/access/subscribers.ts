import type { Channel, User } from "../state/types.ts";
import type { Access } from "./access.ts";

/**
 * Why `user` may not list the channel's subscribers (the 400 message real servers give), or null when it may:
 * anyone for a web-public channel, subscribers for their channels, non-guests for every public channel, and for a
 * private one whoever has metadata access to it (administrators; from FL349 the channel's groups that grant it).
 */
export function subscribersRefusal(access: Access, user: User, channel: Channel, subscribed: boolean): string | null {
  if (channel.isWebPublic || subscribed) return null;
  if (!channel.inviteOnly) return access.isGuest(user) ? "Subscriber data is not available for this channel" : null;
  return access.canSeeChannel(user, channel) ? null : "Unable to retrieve subscribers for private channel";
}
