import { DATA_QUIRKS, type QuirkName } from "../../facts/quirks.ts";
import type { Runtime } from "../runtime.ts";
import type { Store } from "../state/store.ts";
import { seedDeactivatedSenders } from "./deactivated-senders.ts";
import { seedEmptyTopic } from "./empty-topic.ts";
import { numberHugely, seedHugeIds } from "./huge-ids.ts";
import { seedInaccessibleUser } from "./inaccessible-user.ts";
import { seedLongContent } from "./long-content.ts";
import { noMessagesApplied, noMessagesYields } from "./no-messages.ts";
import { seedUnsubscribedHistory } from "./unsubscribed-history.ts";

/** The quirks that seed history the personas read, each with its seeding, in the order they are applied. */
const HISTORY: ReadonlyArray<readonly [QuirkName, (rt: Runtime) => string]> = [
  ["huge-ids", seedHugeIds],
  ["empty-topic", seedEmptyTopic],
  ["long-content", seedLongContent],
  ["inaccessible-user", seedInaccessibleUser],
  ["deactivated-senders", seedDeactivatedSenders],
  ["unsubscribed-history", seedUnsubscribedHistory],
];

/**
 * The data quirks a server was asked for (facts/quirks.ts; wire quirks are the front's and ignored here), applied
 * in three steps around the organization's own seeding: `number` before any message exists, `greets` for the
 * Welcome Bot, `seed` last. Every step says what it did in `log`, one line a quirk (Pebble's rule: say so).
 *
 * no-messages and the quirks that seed history cannot both hold; the history wins, so that `all` shows every
 * other data quirk, and no-messages says it gave way.
 */
export class DataQuirks {
  readonly names: ReadonlySet<QuirkName>;
  readonly log: string[] = [];
  private readonly emptyHistory: boolean;

  constructor(names: readonly QuirkName[]) {
    this.names = new Set(names.filter((n) => DATA_QUIRKS.includes(n)));
    const history = HISTORY.map(([n]) => n).filter((n) => this.names.has(n));
    this.emptyHistory = this.names.has("no-messages") && history.length === 0;
    if (this.names.has("no-messages") && !this.emptyHistory) this.log.push(noMessagesYields(history));
  }

  /** Before the first message: how ids are given out. */
  number(store: Store): void {
    if (this.names.has("huge-ids")) numberHugely(store);
  }

  /** Whether the Welcome Bot sends its message (--product zulip): not under no-messages. */
  get greets(): boolean {
    return !this.emptyHistory;
  }

  /** After the organization is seeded: each quirk's history. */
  seed(rt: Runtime): void {
    if (this.emptyHistory) this.log.push(noMessagesApplied(rt.config.product === "zulip"));
    for (const [name, seed] of HISTORY) if (this.names.has(name)) this.log.push(seed(rt));
  }
}
