import { createHash } from "node:crypto";
import type { Runtime } from "../runtime.ts";
import { IdSequence } from "../state/ids.ts";
import type { Store } from "../state/store.ts";
import { everyonesChannel, place, quirkUser, seedChannelMessage } from "./seed.ts";

/** The first id: above 2^31, so a client keeping ids in a signed 32-bit integer meets it at once. */
const BASE = 2 ** 31 + 1_048_573;
/** The gaps between ids: from 2^20 to 2^25 (about a hundred messages pass 2^32; a million stay far below 2^53). */
const MIN_GAP = 2 ** 20;
const GAP_SPAN = 2 ** 25 - 2 ** 20;
const TOPIC = "huge ids";
const COUNT = 5;

/** A deterministic draw per step (xorshift32, seeded from the server's seed): the same seed, the same ids. */
function gaps(seed: string): () => number {
  let x = createHash("sha256").update(`huge-ids:${seed}`).digest().readUInt32LE(0) || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return MIN_GAP + (x % GAP_SPAN);
  };
}

/**
 * huge-ids: message ids above 2^31 and far apart, for every message the server stores (the API promises ids that
 * grow, nothing about where they start or how dense they are). Set before the first message.
 */
export function numberHugely(store: Store): void {
  store.useMessageIds(new IdSequence(BASE, gaps(store.seed)));
}

/** The handful of messages a client meets at once: in the channel everyone reads. */
export function seedHugeIds(rt: Runtime): string {
  const channel = everyonesChannel(rt);
  const sender = quirkUser(rt, "quirk-poster", "Pat Poster");
  const ids: number[] = [];
  for (let i = 1; i <= COUNT; i++) {
    ids.push(seedChannelMessage(rt, sender, channel, TOPIC, `Message ${i} of ${COUNT} in a history whose ids start above 2^31.`).id);
  }
  return `quirk huge-ids: message ids start at ${BASE} (above 2^31) with gaps of 2^20 to 2^25; ${COUNT} messages in ${place(channel, TOPIC)}, ids ${ids.join(", ")}`;
}
