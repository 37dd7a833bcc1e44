/** An ascending list of message ids with binary search: the index behind every narrow. */
export class SortedIds {
  private readonly ids: number[] = [];

  get length(): number {
    return this.ids.length;
  }

  at(i: number): number | undefined {
    return this.ids[i];
  }

  /** Ids arrive in ascending order almost always (new messages); a smaller one is inserted in place. */
  add(id: number): void {
    const last = this.ids[this.ids.length - 1];
    if (last === undefined || id > last) {
      this.ids.push(id);
      return;
    }
    const i = this.lowerBound(id);
    if (this.ids[i] !== id) this.ids.splice(i, 0, id);
  }

  remove(id: number): void {
    const i = this.lowerBound(id);
    if (this.ids[i] === id) this.ids.splice(i, 1);
  }

  has(id: number): boolean {
    return this.ids[this.lowerBound(id)] === id;
  }

  /** The position of the first id ≥ `id`. */
  lowerBound(id: number): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
