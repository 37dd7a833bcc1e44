/**
 * Serialized pieces of answers (a message object's JSON as one kind of client sees it, encoded), kept so that a page of
 * messages is assembled from strings rather than built and stringified again on every request. Derived data, not
 * state: every entry is dropped as soon as anything may have changed (`invalidate`, which the wire layer calls
 * before every request that can change state, and the timers that change it call themselves). Bounded: past
 * `limit` entries the oldest go first.
 */
export class FragmentCache {
  private readonly entries = new Map<number, Buffer>();

  constructor(private readonly limit = 50_000) {}

  /** Anything may have changed: nothing cached is trusted any more. */
  invalidate(): void {
    this.entries.clear();
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
