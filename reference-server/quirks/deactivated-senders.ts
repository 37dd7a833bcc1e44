import { setActive } from "../api/users/deactivate.ts";
import type { Runtime } from "../runtime.ts";
import { everyonesChannel, place, quirkUser, seedChannelMessage } from "./seed.ts";

const TOPIC = "farewell";

/**
 * deactivated-senders: two people who wrote in the channel everyone reads, then were deactivated (every level has
 * deactivated users; their messages stay, and their subscriptions).
 */
export function seedDeactivatedSenders(rt: Runtime): string {
  const channel = everyonesChannel(rt);
  const first = quirkUser(rt, "quirk-departed", "Dee Departed");
  const second = quirkUser(rt, "quirk-gone", "Gil Gone");
  const ids = [
    seedChannelMessage(rt, first, channel, TOPIC, "My last day here: thank you all.").id,
    seedChannelMessage(rt, second, channel, TOPIC, "Mine too. Our messages stay after our accounts are deactivated.").id,
    seedChannelMessage(rt, first, channel, TOPIC, "A client finds us among the deactivated users, not among the active ones.").id,
  ];
  for (const u of [first, second]) setActive(rt, u, false);
  return `quirk deactivated-senders: ${first.fullName} (user ${first.id}) and ${second.fullName} (user ${second.id}), deactivated, wrote ${ids.length} messages in ${place(channel, TOPIC)}, ids ${ids.join(", ")}`;
}
