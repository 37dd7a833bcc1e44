import { SortedIds } from "./sorted-ids.ts";

/**
 * Each user's unread messages grouped by where they are: one list per channel topic (case-insensitive) and per
 * direct conversation. unread_msgs lists them so grouped, and an account with a long history holds thousands of
 * unread messages in a few hundred places: reading the groups costs their number, where a walk of the unread
 * messages cost each message a lookup of its channel, topic and muting.
 *
 * A message's place is resolved once, when it is first filed, and remembered while it exists: a deleted message is
 * gone from the store before its rows are dropped, and a moved one is refiled by `move`.
 */
export class UnreadPlaces {
  /** user id → place → the user's unread messages there, ascending */
  private readonly byUser = new Map<number, Map<string, SortedIds>>();
  /** message id → its place, for messages filed once */
  private readonly placeOf = new Map<number, string>();
  /** One string per place, so that a large history holds each key once. */
  private readonly keys = new Map<string, string>();

  /** `resolve` gives a stored message's place key (undefined: no such message). */
  constructor(private readonly resolve: (messageId: number) => string | undefined) {}

  private keyOf(messageId: number): string | undefined {
    const known = this.placeOf.get(messageId);
    if (known !== undefined) return known;
    const raw = this.resolve(messageId);
    if (raw === undefined) return undefined;
    let key = this.keys.get(raw);
    if (key === undefined) this.keys.set(raw, (key = raw));
    this.placeOf.set(messageId, key);
    return key;
  }

  add(userId: number, messageId: number): void {
    const key = this.keyOf(messageId);
    if (key === undefined) return;
    let places = this.byUser.get(userId);
    if (!places) this.byUser.set(userId, (places = new Map()));
    let ids = places.get(key);
    if (!ids) places.set(key, (ids = new SortedIds()));
    ids.add(messageId);
  }

  remove(userId: number, messageId: number): void {
    const key = this.placeOf.get(messageId);
    if (key === undefined) return;
    const places = this.byUser.get(userId);
    const ids = places?.get(key);
    if (!ids) return;
    ids.remove(messageId);
    if (ids.length === 0) places!.delete(key);
  }

  /** Refiles a message that moved (its resolver now gives the new place) for the users holding it unread. */
  move(messageId: number, unreadBy: Iterable<number>): void {
    const users = [...unreadBy];
    for (const userId of users) this.remove(userId, messageId);
    this.placeOf.delete(messageId);
    for (const userId of users) this.add(userId, messageId);
  }

  /** Forgets a deleted message's place (its rows are dropped first). */
  forget(messageId: number): void {
    this.placeOf.delete(messageId);
  }

  /** The user's places (live: do not change them while iterating). */
  of(userId: number): ReadonlyMap<string, SortedIds> {
    return this.byUser.get(userId) ?? new Map();
  }
}
