import { IdSequence } from "./ids.ts";

/** A custom emoji: its name, who added it, and whether it was deactivated (DELETE keeps it for old messages). */
export interface RealmEmoji {
  id: number;
  name: string;
  authorId: number;
  fileName: string;
  deactivated: boolean;
}

/** The organization's custom emoji, by id and by (active) name. */
export class RealmEmojiSet {
  private readonly byId = new Map<number, RealmEmoji>();
  private readonly activeByName = new Map<string, RealmEmoji>();
  private readonly ids = new IdSequence(1);

  add(name: string, authorId: number, extension: string): RealmEmoji {
    const id = this.ids.take();
    const e = { id, name, authorId, fileName: `${id}.${extension}`, deactivated: false };
    this.byId.set(id, e);
    this.activeByName.set(name, e);
    return e;
  }

  active(name: string): RealmEmoji | undefined {
    return this.activeByName.get(name);
  }

  deactivate(e: RealmEmoji): void {
    e.deactivated = true;
    this.activeByName.delete(e.name);
  }

  all(): RealmEmoji[] {
    return [...this.byId.values()];
  }
}
