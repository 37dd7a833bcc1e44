import { SortedIds } from "./sorted-ids.ts";
import { UnreadPlaces } from "./unread-places.ts";

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
 * Ids from here on are kept one map entry a row instead of in pages: a server may give ids far above the count of
 * its messages, and far apart (the huge-ids quirk), where a page would hold one row and the page index would not
 * fit the 32-bit arithmetic the pages use.
 */
const SPARSE_FROM = 2 ** 31;

/**
 * Each user's rows of message flags (a row exists for every message the user received, or was given later as
 * "historical"), with the indexes the hot paths need: each user's unread and starred messages in order (every
 * register lists both, and an account with a long history holds few of either among many rows).
 *
 * Compact, since a large history has a row per message per receiving user: a user's rows are one 16-bit mask per
 * message id in typed-array pages (0: no row), and a row's flags are read as one shared set per distinct mask.
 * The users holding a row for a message are found by asking each user's array (deletion, read receipts: rare).
 * Ids from 2^31 on are kept in a map per user instead (SPARSE_FROM).
 */
export class MessageFlags {
  /** `placeOf` gives a stored message's place for the unread groups (see UnreadPlaces). */
  constructor(placeOf: (messageId: number) => string | undefined) {
    this.places = new UnreadPlaces(placeOf);
  }

  private readonly bits = new Map<string, number>(KNOWN_FLAGS.map((name, i) => [name, 1 << (i + 1)]));
  private readonly names: string[] = [...KNOWN_FLAGS];
  /** user id → pages of masks by message id (page = id >> PAGE_BITS) */
  private readonly rows = new Map<number, (Uint16Array | undefined)[]>();
  /** user id → message id → mask, for ids from SPARSE_FROM */
  private readonly sparse = new Map<number, Map<number, number>>();
  /** user id → the user's unread messages, in order */
  private readonly unread = new Map<number, SortedIds>();
  /** user id → the user's starred messages, in order */
  private readonly starred = new Map<number, SortedIds>();
  /** user id → the user's unread messages that mention them, directly or by a wildcard, in order */
  private readonly unreadMentions = new Map<number, SortedIds>();
  /** Each user's unread messages by channel topic and direct conversation (unread_msgs' groups). */
  readonly places: UnreadPlaces;
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
    if (messageId >= SPARSE_FROM) return this.sparse.get(userId)?.get(messageId) ?? 0;
    const page = this.rows.get(userId)?.[messageId >>> PAGE_BITS];
    return page === undefined ? 0 : page[messageId & (PAGE - 1)]!;
  }

  private store(userId: number, messageId: number, mask: number): void {
    if (messageId >= SPARSE_FROM) {
      let rows = this.sparse.get(userId);
      if (rows === undefined) this.sparse.set(userId, (rows = new Map()));
      if (mask === 0) rows.delete(messageId);
      else rows.set(messageId, mask);
      return;
    }
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
    const before = this.maskOf(userId, messageId);
    this.store(userId, messageId, mask);
    this.file(userId, messageId, before, mask);
  }

  /**
   * Keeps the indexes right for a row whose mask went from `before` to `after` (0: no row). Only what changed is
   * touched: seeding a history sets millions of rows, nearly all of them read and never unread before.
   */
  private file(userId: number, messageId: number, before: number, after: number): void {
    const read = this.bit("read");
    const mentions = this.bit("mentioned") | this.bit("wildcard_mentioned");
    const starred = this.bit("starred");
    const wasUnread = before !== 0 && (before & read) === 0;
    const isUnread = after !== 0 && (after & read) === 0;
    if (isUnread && !wasUnread) {
      this.unreadOf(userId).add(messageId);
      this.places.add(userId, messageId);
    } else if (wasUnread && !isUnread) {
      this.unread.get(userId)?.remove(messageId);
      this.places.remove(userId, messageId);
    }
    const wasStarred = (before & starred) !== 0;
    const isStarred = (after & starred) !== 0;
    if (isStarred && !wasStarred) this.starredOf(userId).add(messageId);
    else if (wasStarred && !isStarred) this.starred.get(userId)?.remove(messageId);
    const wasMention = wasUnread && (before & mentions) !== 0;
    const isMention = isUnread && (after & mentions) !== 0;
    if (isMention && !wasMention) listOf(this.unreadMentions, userId).add(messageId);
    else if (wasMention && !isMention) this.unreadMentions.get(userId)?.remove(messageId);
  }

  /** Sets or clears one flag on an existing row; true when the flag changed. */
  set(userId: number, messageId: number, flag: string, on: boolean): boolean {
    const mask = this.maskOf(userId, messageId);
    const b = this.bit(flag);
    if (mask === 0 || ((mask & b) !== 0) === on) return false;
    const next = on ? mask | b : mask & ~b;
    this.store(userId, messageId, next);
    this.file(userId, messageId, mask, next);
    return true;
  }

  /** The user's unread messages, ascending (live: do not change it while iterating). */
  unreadOf(userId: number): SortedIds {
    return listOf(this.unread, userId);
  }

  /** The user's starred messages, ascending (live: do not change it while iterating). */
  starredOf(userId: number): SortedIds {
    return listOf(this.starred, userId);
  }

  /** The user's unread messages flagged mentioned or wildcard_mentioned, ascending (live). */
  unreadMentionsOf(userId: number): SortedIds {
    return listOf(this.unreadMentions, userId);
  }

  /** Refiles a message that moved to another channel or topic among the places of those who hold it unread. */
  moved(messageId: number): void {
    const read = this.bit("read");
    this.places.move(
      messageId,
      [...this.holdersOf(messageId)].filter((u) => (this.maskOf(u, messageId) & read) === 0),
    );
  }

  /**
   * The newest message the user has a row for (received, or sent), of those `accept` takes; -1 when none. Walks the
   * user's pages from the newest: a page at most before it finds one, for a user who gets messages.
   */
  newestOf(userId: number, accept: (messageId: number) => boolean = () => true): number {
    const sparse = this.sparse.get(userId);
    if (sparse !== undefined && sparse.size > 0) {
      const newestFirst = [...sparse.keys()].sort((a, b) => b - a);
      for (const id of newestFirst) if (accept(id)) return id;
    }
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
    const holders = messageId >= SPARSE_FROM ? this.sparse.keys() : this.rows.keys();
    for (const userId of holders) if (this.maskOf(userId, messageId) !== 0) users.add(userId);
    return users;
  }

  /** Drops every user's row for a deleted message. */
  removeMessage(messageId: number): void {
    for (const userId of this.holdersOf(messageId)) {
      const before = this.maskOf(userId, messageId);
      this.store(userId, messageId, 0);
      this.file(userId, messageId, before, 0);
    }
    this.places.forget(messageId);
  }
}

/** The list of `userId` in `lists`, made empty when absent. */
function listOf(lists: Map<number, SortedIds>, userId: number): SortedIds {
  let ids = lists.get(userId);
  if (!ids) lists.set(userId, (ids = new SortedIds()));
  return ids;
}
