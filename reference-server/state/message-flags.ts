import { SortedIds } from "./sorted-ids.ts";

/**
 * The flag names a row can hold, each one bit (the order in which a row's flags are listed). Names outside this
 * list get the next free bit the first time they are set.
 */
const KNOWN_FLAGS = [
  "read",
  "starred",
  "collapsed",
  "mentioned",
  "stream_wildcard_mentioned",
  "topic_wildcard_mentioned",
  "wildcard_mentioned",
  "has_alert_word",
  "historical",
];
/** Bit 0 says the row exists (a row with no flags is still a row: the user received the message). */
const ROW = 1;
const MAX_BITS = 16;
/** Rows are kept in pages of this many message ids: a page is allocated once and never copied as the history grows. */
const PAGE_BITS = 14;
const PAGE = 1 << PAGE_BITS;

/**
 * Each user's rows of message flags (a row exists for every message the user received, or was given later as
 * "historical"), with the indexes the hot paths need: each user's unread and starred messages in order (every
 * register lists both, and an account with a long history holds few of either among many rows).
 *
 * Compact, since a large history has a row per message per receiving user: a user's rows are one 16-bit mask per
 * message id in typed-array pages (0: no row), and a row's flags are read as one shared set per distinct mask.
 * The users holding a row for a message are found by asking each user's array (deletion, read receipts: rare).
 */
export class MessageFlags {
  private readonly bits = new Map<string, number>(KNOWN_FLAGS.map((name, i) => [name, 1 << (i + 1)]));
  private readonly names: string[] = [...KNOWN_FLAGS];
  /** user id → pages of masks by message id (page = id >> PAGE_BITS) */
  private readonly rows = new Map<number, (Uint16Array | undefined)[]>();
  /** user id → the user's unread messages, in order */
  private readonly unread = new Map<number, SortedIds>();
  /** user id → the user's starred messages, in order */
  private readonly starred = new Map<number, SortedIds>();
  /** mask → its flags as a set (one per distinct mask) */
  private readonly sets = new Map<number, ReadonlySet<string>>();
  /** mask × 2 (+1 with the comma after) → `,"flags":[…]}`, the end of a message object in a page (mask 0: no row) */
  private readonly texts = new Map<number, Buffer>();

  private bit(flag: string): number {
    let b = this.bits.get(flag);
    if (b === undefined) {
      if (this.names.length + 1 >= MAX_BITS) throw new Error(`too many distinct message flags (${flag})`);
      b = 1 << (this.names.length + 1);
      this.bits.set(flag, b);
      this.names.push(flag);
    }
    return b;
  }

  private maskOf(userId: number, messageId: number): number {
    const page = this.rows.get(userId)?.[messageId >>> PAGE_BITS];
    return page === undefined ? 0 : page[messageId & (PAGE - 1)]!;
  }

  private store(userId: number, messageId: number, mask: number): void {
    let pages = this.rows.get(userId);
    if (pages === undefined) this.rows.set(userId, (pages = []));
    const p = messageId >>> PAGE_BITS;
    let page = pages[p];
    if (page === undefined) {
      if (mask === 0) return;
      while (pages.length < p) pages.push(undefined);
      pages[p] = page = new Uint16Array(PAGE);
    }
    page[messageId & (PAGE - 1)] = mask;
  }

  /** The flags of a mask, as one shared set per mask: callers only read it. */
  setOf(mask: number): ReadonlySet<string> {
    let set = this.sets.get(mask);
    if (set === undefined) {
      set = new Set(this.names.filter((_, i) => (mask & (1 << (i + 1))) !== 0));
      this.sets.set(mask, set);
    }
    return set;
  }

  /** The user's flags on a message, or undefined when the user has no row for it. */
  get(userId: number, messageId: number): ReadonlySet<string> | undefined {
    const mask = this.maskOf(userId, messageId);
    return mask === 0 ? undefined : this.setOf(mask);
  }

  /**
   * The end of a message object in a page of GET /messages, encoded: `,"flags":[…]}` with the user's flags on the
   * message, and the comma before the next object when `more`; a message the user has no row for (a readable one
   * never received) is read and historical.
   */
  flagsJsonTail(userId: number, messageId: number, more = false): Buffer {
    const mask = this.maskOf(userId, messageId);
    const key = mask * 2 + (more ? 1 : 0);
    let text = this.texts.get(key);
    if (text === undefined) {
      text = Buffer.from(`,"flags":${JSON.stringify(mask === 0 ? ["read", "historical"] : [...this.setOf(mask)])}}${more ? "," : ""}`);
      this.texts.set(key, text);
    }
    return text;
  }

  /** Creates (or replaces) the user's row for a message. */
  setRow(userId: number, messageId: number, flags: Iterable<string>): void {
    let mask = ROW;
    for (const f of flags) mask |= this.bit(f);
    this.store(userId, messageId, mask);
    this.file(userId, messageId, mask);
  }

  /** Keeps the unread and starred indexes right for a row's new mask (0: the row is gone). */
  private file(userId: number, messageId: number, mask: number): void {
    if (mask !== 0 && (mask & this.bit("read")) === 0) this.unreadOf(userId).add(messageId);
    else this.unread.get(userId)?.remove(messageId);
    if ((mask & this.bit("starred")) !== 0) this.starredOf(userId).add(messageId);
    else this.starred.get(userId)?.remove(messageId);
  }

  /** Sets or clears one flag on an existing row; true when the flag changed. */
  set(userId: number, messageId: number, flag: string, on: boolean): boolean {
    const mask = this.maskOf(userId, messageId);
    const b = this.bit(flag);
    if (mask === 0 || ((mask & b) !== 0) === on) return false;
    const next = on ? mask | b : mask & ~b;
    this.store(userId, messageId, next);
    this.file(userId, messageId, next);
    return true;
  }

  /** The user's unread messages, ascending (live: do not change it while iterating). */
  unreadOf(userId: number): SortedIds {
    let ids = this.unread.get(userId);
    if (!ids) this.unread.set(userId, (ids = new SortedIds()));
    return ids;
  }

  /** The user's starred messages, ascending (live: do not change it while iterating). */
  starredOf(userId: number): SortedIds {
    let ids = this.starred.get(userId);
    if (!ids) this.starred.set(userId, (ids = new SortedIds()));
    return ids;
  }

  /**
   * The newest message the user has a row for (received, or sent), of those `accept` takes; -1 when none. Walks the
   * user's pages from the newest: a page at most before it finds one, for a user who gets messages.
   */
  newestOf(userId: number, accept: (messageId: number) => boolean = () => true): number {
    const pages = this.rows.get(userId);
    if (pages === undefined) return -1;
    for (let p = pages.length - 1; p >= 0; p--) {
      const page = pages[p];
      if (page === undefined) continue;
      for (let i = PAGE - 1; i >= 0; i--) {
        const id = (p << PAGE_BITS) | i;
        if (page[i] !== 0 && accept(id)) return id;
      }
    }
    return -1;
  }

  /** The users with a row for the message. */
  holdersOf(messageId: number): ReadonlySet<number> {
    const users = new Set<number>();
    for (const userId of this.rows.keys()) if (this.maskOf(userId, messageId) !== 0) users.add(userId);
    return users;
  }

  /** Drops every user's row for a deleted message. */
  removeMessage(messageId: number): void {
    for (const userId of this.holdersOf(messageId)) {
      this.store(userId, messageId, 0);
      this.file(userId, messageId, 0);
    }
  }
}
