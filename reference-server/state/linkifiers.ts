import { IdSequence } from "./ids.ts";

/** A linkifier: a regular expression and the URL template its matches link to (RFC 6570, FL176). */
export interface Linkifier {
  id: number;
  pattern: string;
  urlTemplate: string;
}

/** The organization's linkifiers, in the order clients apply them: as added, until an administrator reorders them. */
export class Linkifiers {
  private readonly byId = new Map<number, Linkifier>();
  private readonly ids = new IdSequence(1);

  add(pattern: string, urlTemplate: string): Linkifier {
    const l = { id: this.ids.take(), pattern, urlTemplate };
    this.byId.set(l.id, l);
    return l;
  }

  get(id: number): Linkifier | undefined {
    return this.byId.get(id);
  }

  remove(id: number): boolean {
    return this.byId.delete(id);
  }

  /** In the order clients apply them: a Map iterates in insertion order, and reorder re-inserts. */
  list(): Linkifier[] {
    return [...this.byId.values()];
  }

  /** Puts the linkifiers in this order; `ids` names each existing linkifier exactly once (the caller checks). */
  reorder(ids: readonly number[]): void {
    const ordered = ids.map((id) => this.byId.get(id)!);
    this.byId.clear();
    for (const l of ordered) this.byId.set(l.id, l);
  }
}
