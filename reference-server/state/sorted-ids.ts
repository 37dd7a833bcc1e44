/** The largest id an Int32Array holds. */
const INT32_MAX = 2 ** 31 - 1;

/**
 * An ascending list of message ids with binary search: the index behind every narrow. The ids live in a typed
 * array that doubles as it fills (4 bytes an id rather than a JS array's 8 and its boxing), since a large history
 * has one entry per message in several indexes and one per receiving user in each user's. A list that meets an id
 * above 2^31 - 1 (ids may be any integer a double holds exactly, as a real server's may) widens to 8 bytes an id,
 * once.
 */
export class SortedIds {
  private ids: Int32Array | Float64Array = new Int32Array(4);
  private size = 0;

  /** An index of the given ids (in any order). */
  static of(ids: Iterable<number>): SortedIds {
    const out = new SortedIds();
    for (const id of ids) out.add(id);
    return out;
  }

  get length(): number {
    return this.size;
  }

  at(i: number): number | undefined {
    return i >= 0 && i < this.size ? this.ids[i] : undefined;
  }

  /** Appends the ids, ascending, to `out` (what a loop of at() does, without its bounds check per id). */
  appendTo(out: number[]): void {
    for (let i = 0; i < this.size; i++) out.push(this.ids[i]!);
  }

  private grow(wide: boolean): void {
    const length = this.size === this.ids.length ? this.ids.length * 2 : this.ids.length;
    const bigger = wide || this.ids instanceof Float64Array ? new Float64Array(length) : new Int32Array(length);
    bigger.set(this.ids);
    this.ids = bigger;
  }

  /** Ids arrive in ascending order almost always (new messages); a smaller one is inserted in place. */
  add(id: number): void {
    const wide = id > INT32_MAX && this.ids instanceof Int32Array;
    if (this.size === this.ids.length || wide) this.grow(wide);
    if (this.size === 0 || id > this.ids[this.size - 1]!) {
      this.ids[this.size++] = id;
      return;
    }
    const i = this.lowerBound(id);
    if (this.ids[i] === id && i < this.size) return;
    this.ids.copyWithin(i + 1, i, this.size);
    this.ids[i] = id;
    this.size++;
  }

  remove(id: number): void {
    const i = this.lowerBound(id);
    if (i < this.size && this.ids[i] === id) {
      this.ids.copyWithin(i, i + 1, this.size);
      this.size--;
    }
  }

  has(id: number): boolean {
    const i = this.lowerBound(id);
    return i < this.size && this.ids[i] === id;
  }

  /** The position of the first id ≥ `id`. */
  lowerBound(id: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
