/**
 * Values computed from a request's text by a pure function (a header decoded, a target parsed, a route found, a
 * parameter's JSON read): clients send the same few texts again and again, and reading one costs more than the rest
 * of a small request. An entry never goes stale; the table is emptied when full, and long texts are not kept.
 */
export class TextMemo<V> {
  private readonly table = new Map<string, V>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxKeyLength: number,
  ) {}

  get(key: string): V | undefined {
    return this.table.get(key);
  }

  /** Keeps `value` for `key` (unless the key is too long) and returns it. */
  remember(key: string, value: V): V {
    if (key.length <= this.maxKeyLength) {
      if (this.table.size >= this.maxEntries) this.table.clear();
      this.table.set(key, value);
    }
    return value;
  }

  /** The value kept for `key`, or `make()`'s, kept. A `make` that throws keeps nothing. */
  of(key: string, make: () => V): V {
    const known = this.table.get(key);
    return known !== undefined ? known : this.remember(key, make());
  }
}
