import type { FragmentCache } from "../state/fragments.ts";

/** A whole answer as it went out: its status, its own headers, its bytes. */
export interface CachedAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  bytes: Buffer;
}

const MAX_ANSWERS = 4096;

/**
 * Whole answers to reads that repeat (dispatch says which: the same user, the same request target, no body), kept
 * so that the same bytes go out again without the handler running. Derived data, not state: the answers are trusted
 * only while the message fragments they were assembled from are (state/fragments.ts), so every invalidation there —
 * before and after every request that can change state, and by the timers that change it — drops them too. Bounded:
 * past `answerLimit` bytes of answers, or MAX_ANSWERS of them, the oldest go first.
 */
export class AnswerCache {
  private readonly answers = new Map<string, CachedAnswer>();
  /** Keys of answers asked for once since the last change: the second time, the answer is kept. */
  private readonly asked = new Set<string>();
  private answerBytes = 0;
  /** The fragments' version the entries were made at. */
  private seen: number;

  constructor(
    private readonly fragments: FragmentCache,
    private readonly answerLimit = 32 * 1024 * 1024,
  ) {
    this.seen = fragments.version;
  }

  /**
   * Counts invalidations: an answer computed while this stayed the same may be kept (one whose request saw state
   * change part-way may not).
   */
  get version(): number {
    return this.fragments.version;
  }

  answer(key: string): CachedAnswer | undefined {
    this.sync();
    return this.answers.get(key);
  }

  /**
   * Whether an answer is worth keeping: one asked for a second time since the last change. A read made once is
   * not copied for a repeat that may never come.
   */
  askedBefore(key: string): boolean {
    this.sync();
    if (this.asked.has(key)) return true;
    if (this.asked.size >= MAX_ANSWERS) this.asked.clear();
    this.asked.add(key);
    return false;
  }

  /** Keeps an answer made from the state as it was at `version`, unless something has changed since. */
  keepAnswer(key: string, version: number, answer: CachedAnswer): void {
    if (version !== this.fragments.version || answer.bytes.length > this.answerLimit / 4) return;
    this.sync();
    const old = this.answers.get(key);
    if (old !== undefined) {
      this.answers.delete(key);
      this.answerBytes -= old.bytes.length;
    }
    while (this.answerBytes + answer.bytes.length > this.answerLimit || this.answers.size >= MAX_ANSWERS) {
      const [oldestKey, oldest] = this.answers.entries().next().value!;
      this.answers.delete(oldestKey);
      this.answerBytes -= oldest.bytes.length;
    }
    this.answers.set(key, answer);
    this.answerBytes += answer.bytes.length;
  }

  /** Drops everything kept before the fragments' last invalidation. */
  private sync(): void {
    if (this.seen === this.fragments.version) return;
    this.seen = this.fragments.version;
    // Clearing allocates a fresh table even when there is nothing to clear.
    if (this.answers.size > 0) this.answers.clear();
    if (this.asked.size > 0) this.asked.clear();
    this.answerBytes = 0;
  }
}
