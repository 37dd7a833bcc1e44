import { IdSequence } from "./ids.ts";

/** A message draft a user keeps on the server so that all of the user's clients share it. */
export interface Draft {
  id: number;
  ownerId: number;
  /** "" for a draft with no recipient yet. */
  type: "" | "stream" | "private";
  /** Channel drafts: the channel; direct ones: the recipients other than the owner (the owner alone when writing to self); else none. */
  to: number[];
  /** Channel drafts only; "" otherwise. */
  topic: string;
  content: string;
  /** UNIX seconds to the microsecond: the client's timestamp, or the server's clock when the client gave none. */
  lastEditTime: number;
}

export type DraftFields = Omit<Draft, "id" | "ownerId">;

/** Each user's drafts by id. */
export class Drafts {
  private readonly byOwner = new Map<number, Map<number, Draft>>();
  private readonly ids = new IdSequence(1);

  create(ownerId: number, fields: DraftFields): Draft {
    const draft: Draft = { ...fields, id: this.ids.take(), ownerId };
    let mine = this.byOwner.get(ownerId);
    if (!mine) this.byOwner.set(ownerId, (mine = new Map()));
    mine.set(draft.id, draft);
    return draft;
  }

  /** The owner's draft, or undefined (another user's draft is as good as unknown). */
  get(ownerId: number, id: number): Draft | undefined {
    return this.byOwner.get(ownerId)?.get(id);
  }

  replace(draft: Draft, fields: DraftFields): void {
    Object.assign(draft, fields);
  }

  remove(draft: Draft): void {
    this.byOwner.get(draft.ownerId)?.delete(draft.id);
  }

  /** Forgets all of the owner's drafts (the owner turned synchronization off). */
  clear(ownerId: number): void {
    this.byOwner.delete(ownerId);
  }

  /** The owner's drafts, least recently edited first. */
  ofOwner(ownerId: number): Draft[] {
    return [...(this.byOwner.get(ownerId)?.values() ?? [])].sort((a, b) => a.lastEditTime - b.lastEditTime || a.id - b.id);
  }
}
