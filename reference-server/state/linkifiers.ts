import { IdSequence } from "./ids.ts";

/** A linkifier: a regular expression and the URL template its matches link to (RFC 6570, FL176). */
export interface Linkifier {
  id: number;
  pattern: string;
  urlTemplate: string;
}

/** The organization's linkifiers, in the order clients apply them (by id). */
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

  /** In id order: a Map iterates in insertion order, and ids only grow. */
  list(): Linkifier[] {
    return [...this.byId.values()];
  }
}
