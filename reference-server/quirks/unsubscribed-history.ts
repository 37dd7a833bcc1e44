import type { Runtime } from "../runtime.ts";
import { place, publicChannel, quirkUser, seedChannelMessage } from "./seed.ts";

const CHANNEL = "retired-project";
const TOPIC = "project notes";
const CONTENTS = [
  "Kick-off notes: this channel is public, and none of the personas is subscribed to it.",
  "Its history is readable all the same: a narrow to the channel finds it.",
  "A client lists the channel from never_subscribed (or GET /streams), not from its subscriptions.",
  "Wrap-up: the project is done; the channel stays for the record.",
];

/** unsubscribed-history: a public channel of its own, with history, whose only subscriber is no persona. */
export function seedUnsubscribedHistory(rt: Runtime): string {
  const keeper = quirkUser(rt, "quirk-historian", "Hal Historian");
  const channel = publicChannel(rt, CHANNEL, "A public channel none of the personas is subscribed to, with history.", [keeper]);
  const ids = CONTENTS.map((c) => seedChannelMessage(rt, keeper, channel, TOPIC, c).id);
  return `quirk unsubscribed-history: ${ids.length} messages in ${place(channel, TOPIC)} (channel ${channel.id}), to which no persona is subscribed, ids ${ids.join(", ")}`;
}
