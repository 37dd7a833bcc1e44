import { IdSequence } from "./ids.ts";

/** A code playground: where code blocks of one Pygments language can be opened. */
export interface Playground {
  id: number;
  name: string;
  pygmentsLanguage: string;
  /** The RFC 6570 template with the one variable `code` (url_template), or the URL the code is appended to (url_prefix). */
  url: string;
}

/** The organization's code playgrounds, in the order they were added. */
export class Playgrounds {
  private readonly byId = new Map<number, Playground>();
  private readonly ids = new IdSequence(1);

  add(p: Omit<Playground, "id">): Playground {
    const playground = { ...p, id: this.ids.take() };
    this.byId.set(playground.id, playground);
    return playground;
  }

  get(id: number): Playground | undefined {
    return this.byId.get(id);
  }

  /** The playground with this name for this language: the pair is unique within the organization. */
  find(name: string, pygmentsLanguage: string): Playground | undefined {
    for (const p of this.byId.values()) if (p.name === name && p.pygmentsLanguage === pygmentsLanguage) return p;
    return undefined;
  }

  remove(id: number): boolean {
    return this.byId.delete(id);
  }

  list(): Playground[] {
    return [...this.byId.values()];
  }
}
