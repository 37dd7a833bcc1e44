import type { Runtime } from "../runtime.ts";
import { MAX_MESSAGE_LENGTH } from "../wire/topic.ts";
import { everyonesChannel, place, quirkUser, seedChannelMessage } from "./seed.ts";

const TOPIC = "long content";

/**
 * `pattern` repeated and cut to exactly `length` code points (the unit max_message_length counts), ending in a
 * visible character: a server strips the whitespace that ends a message.
 */
function fill(pattern: string, length: number): string {
  const points = [...pattern];
  let out = "";
  for (let i = 0; i < length; i++) out += points[i % points.length];
  return out.replace(/\s+$/u, (tail) => ".".repeat(tail.length));
}

/**
 * Each exactly max_message_length code points long: prose in paragraphs; text of characters outside ASCII and
 * outside the Basic Multilingual Plane (more UTF-16 units and bytes than code points, so a client that counts
 * either sees more than the limit); and one word with no place to break a line.
 */
const CONTENTS: readonly string[] = [
  fill(
    "This message is as long as the server allows messages to be. A client shows all of it, or folds it, but never cuts the stored text.\n\n",
    MAX_MESSAGE_LENGTH,
  ),
  fill("Ünïcödé 日本語のテキスト 🙂🚀 Ελληνικά ", MAX_MESSAGE_LENGTH),
  fill("supercalifragilistic", MAX_MESSAGE_LENGTH),
];

/** long-content: messages of max_message_length (the limit every level's register states) code points. */
export function seedLongContent(rt: Runtime): string {
  const channel = everyonesChannel(rt);
  const sender = quirkUser(rt, "quirk-poster", "Pat Poster");
  const ids = CONTENTS.map((c) => seedChannelMessage(rt, sender, channel, TOPIC, c).id);
  return `quirk long-content: ${ids.length} messages of ${MAX_MESSAGE_LENGTH} code points (max_message_length) in ${place(channel, TOPIC)}, ids ${ids.join(", ")}`;
}
