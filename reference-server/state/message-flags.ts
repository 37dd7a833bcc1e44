import { SortedIds } from "./sorted-ids.ts";

/**
 * Each user's rows of message flags (a row exists for every message the user received, or was given later as
 * "historical"), with the two indexes the hot paths need: each user's unread messages in order, and for each
 * message the users holding a row for it (read receipts, deletion).
 */
export class MessageFlags {
  /** user id → message id → flags */
  private readonly rows = new Map<number, Map<number, Set<string>>>();
  /** user id → the user's unread messages, in order */
  private readonly unread = new Map<number, SortedIds>();
  /** message id → the users with a row for it */
  private readonly holders = new Map<number, Set<number>>();

  /** The user's flags on a message, or undefined when the user has no row for it. */
  get(userId: number, messageId: number): ReadonlySet<string> | undefined {
    return this.rows.get(userId)?.get(messageId);
  }

  /** Creates (or replaces) the user's row for a message. */
  setRow(userId: number, messageId: number, flags: Iterable<string>): void {
    let byMessage = this.rows.get(userId);
    if (!byMessage) this.rows.set(userId, (byMessage = new Map()));
    const set = new Set(flags);
    byMessage.set(messageId, set);
    let users = this.holders.get(messageId);
    if (!users) this.holders.set(messageId, (users = new Set()));
    users.add(userId);
    if (set.has("read")) this.unread.get(userId)?.remove(messageId);
    else this.unreadOf(userId).add(messageId);
  }

  /** Sets or clears one flag on an existing row; true when the flag changed. */
  set(userId: number, messageId: number, flag: string, on: boolean): boolean {
    const flags = this.rows.get(userId)?.get(messageId);
    if (!flags || flags.has(flag) === on) return false;
    if (on) flags.add(flag);
    else flags.delete(flag);
    if (flag === "read") {
      if (on) this.unread.get(userId)?.remove(messageId);
      else this.unreadOf(userId).add(messageId);
    }
    return true;
  }

  /** The user's unread messages, ascending (live: do not change it while iterating). */
  unreadOf(userId: number): SortedIds {
    let ids = this.unread.get(userId);
    if (!ids) this.unread.set(userId, (ids = new SortedIds()));
    return ids;
  }

  /** The users with a row for the message. */
  holdersOf(messageId: number): ReadonlySet<number> {
    return this.holders.get(messageId) ?? new Set();
  }

  /** Drops every user's row for a deleted message. */
  removeMessage(messageId: number): void {
    for (const userId of this.holdersOf(messageId)) {
      this.rows.get(userId)?.delete(messageId);
      this.unread.get(userId)?.remove(messageId);
    }
    this.holders.delete(messageId);
  }
}
