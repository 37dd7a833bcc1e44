import type { Runtime } from "../runtime.ts";
import { everyonesChannel, place, quirkUser, seedChannelMessage, UNREAD } from "./seed.ts";

const CONTENTS = [
  "A message in the empty topic.",
  "Another one, left unread, so that unread_msgs lists the empty topic too.",
  "Clients without the empty_topic_name capability see realm_empty_topic_display_name in its place.",
];

/**
 * empty-topic: channel messages whose topic is "" (the empty topic, FL334), unread; below FL334 no server holds
 * such a message, so nothing is seeded.
 */
export function seedEmptyTopic(rt: Runtime): string {
  if (!rt.fl.has("emptyTopicName")) return `quirk empty-topic: nothing seeded at FL ${rt.fl.level}: the empty topic exists from FL 334`;
  const channel = everyonesChannel(rt);
  const sender = quirkUser(rt, "quirk-poster", "Pat Poster");
  const ids = CONTENTS.map((c) => seedChannelMessage(rt, sender, channel, "", c, UNREAD).id);
  return `quirk empty-topic: ${ids.length} unread messages in ${place(channel, "")}, ids ${ids.join(", ")}`;
}
