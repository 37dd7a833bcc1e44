/** A whole answer as it went out: its status, its own headers, its bytes. */
export interface CachedAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  bytes: Buffer;
}

const MAX_ANSWERS = 4096;

/**
 * Serialized pieces of answers (a message object's JSON as one kind of client sees it, encoded), kept so that a page of
 * messages is assembled from bytes rather than built and stringified again on every request; and whole answers to
 * reads that repeat (the wire layer says which: the same user, the same request target, no body). Derived data, not
 * state: every entry is dropped as soon as anything may have changed (`invalidate`, which the wire layer calls
 * before and after every request that can change state, and the timers that change it call themselves). Bounded:
 * past `limit` fragments, or `answerLimit` bytes of answers, the oldest go first.
 */
export class FragmentCache {
  private readonly entries = new Map<number, Buffer>();
  private readonly answers = new Map<string, CachedAnswer>();
  /** Keys of answers asked for once since the last change: the second time, the answer is kept. */
  private readonly asked = new Set<string>();
  private answerBytes = 0;
  private generation = 0;

  constructor(
    private readonly limit = 50_000,
    private readonly answerLimit = 32 * 1024 * 1024,
  ) {}

  /** Anything may have changed: nothing cached is trusted any more. */
  invalidate(): void {
    // Clearing allocates a fresh table even when there is nothing to clear, and every request that can change
    // state calls this twice.
    if (this.entries.size > 0) this.entries.clear();
    if (this.answers.size > 0) this.answers.clear();
    if (this.asked.size > 0) this.asked.clear();
    this.answerBytes = 0;
    this.generation++;
  }

  /**
   * Counts invalidations: an answer computed while this stayed the same may be kept (one whose request saw state
   * change part-way may not).
   */
  get version(): number {
    return this.generation;
  }

  get(key: number, make: () => Buffer): Buffer {
    let s = this.entries.get(key);
    if (s === undefined) {
      s = make();
      if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, s);
    }
    return s;
  }

  answer(key: string): CachedAnswer | undefined {
    return this.answers.get(key);
  }

  /**
   * Whether an answer is worth keeping: one asked for a second time since the last change. A read made once is
   * not copied for a repeat that may never come.
   */
  askedBefore(key: string): boolean {
    if (this.asked.has(key)) return true;
    if (this.asked.size >= MAX_ANSWERS) this.asked.clear();
    this.asked.add(key);
    return false;
  }

  /** Keeps an answer made from the state as it was at `version`, unless something has changed since. */
  keepAnswer(key: string, version: number, answer: CachedAnswer): void {
    if (version !== this.generation || answer.bytes.length > this.answerLimit / 4) return;
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
}
