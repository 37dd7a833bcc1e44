import { IdSequence } from "./ids.ts";

/** Text a user saved to insert into messages later. */
export interface SavedSnippet {
  id: number;
  ownerId: number;
  title: string;
  content: string;
  /** UNIX seconds. */
  dateCreated: number;
}

/** Each user's saved snippets, in the order they were created. */
export class SavedSnippets {
  private readonly byOwner = new Map<number, Map<number, SavedSnippet>>();
  private readonly ids = new IdSequence(1);

  create(ownerId: number, title: string, content: string, now: number): SavedSnippet {
    const snippet: SavedSnippet = { id: this.ids.take(), ownerId, title, content, dateCreated: now };
    let mine = this.byOwner.get(ownerId);
    if (!mine) this.byOwner.set(ownerId, (mine = new Map()));
    mine.set(snippet.id, snippet);
    return snippet;
  }

  /** The owner's snippet, or undefined (another user's snippet is as good as unknown). */
  get(ownerId: number, id: number): SavedSnippet | undefined {
    return this.byOwner.get(ownerId)?.get(id);
  }

  edit(snippet: SavedSnippet, changes: Partial<Pick<SavedSnippet, "title" | "content">>): void {
    Object.assign(snippet, changes);
  }

  remove(snippet: SavedSnippet): void {
    this.byOwner.get(snippet.ownerId)?.delete(snippet.id);
  }

  ofOwner(ownerId: number): SavedSnippet[] {
    return [...(this.byOwner.get(ownerId)?.values() ?? [])];
  }
}
