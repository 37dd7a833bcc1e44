/**
 * Serialized pieces of answers (a message object's JSON as one kind of client sees it, encoded), kept so that a page of
 * messages is assembled from bytes rather than built and stringified again on every request. Derived data, not
 * state: every entry is dropped as soon as anything may have changed (`invalidate`, which dispatch calls before and
 * after every request that can change state, and the timers that change it call themselves); the HTTP answer cache
 * (http/answer-cache.ts) follows its version. Bounded: past `limit` fragments, the oldest go first.
 */
export class FragmentCache {
  private readonly entries = new Map<number, Buffer>();
  private generation = 0;

  constructor(private readonly limit = 50_000) {}

  /** Anything may have changed: nothing cached is trusted any more. */
  invalidate(): void {
    // Clearing allocates a fresh table even when there is nothing to clear, and every request that can change
    // state calls this twice.
    if (this.entries.size > 0) this.entries.clear();
    this.generation++;
  }

  /** Counts invalidations: what was made from the state at one version is stale at the next. */
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
}
