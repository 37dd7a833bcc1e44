import { IdSequence } from "./ids.ts";

/** A custom profile field of the organization (its value per user is not modelled). */
export interface ProfileField {
  id: number;
  type: number;
  name: string;
  hint: string;
  /** JSON text ("" for types without configuration). */
  fieldData: string;
  order: number;
  displayInProfileSummary: boolean;
  required: boolean;
  editableByUser: boolean;
}

/** The organization's custom profile fields, in display order: by `order`, which a new field takes from its id. */
export class ProfileFields {
  private readonly byId = new Map<number, ProfileField>();
  private readonly ids = new IdSequence(1);

  add(f: Omit<ProfileField, "id" | "order">): ProfileField {
    const id = this.ids.take();
    const field = { ...f, id, order: id };
    this.byId.set(id, field);
    return field;
  }

  get(id: number): ProfileField | undefined {
    return this.byId.get(id);
  }

  /** A field of this name other than `exceptId` (names are unique, case-insensitively). */
  named(name: string, exceptId?: number): ProfileField | undefined {
    const key = name.toLowerCase();
    for (const f of this.byId.values()) if (f.id !== exceptId && f.name.toLowerCase() === key) return f;
    return undefined;
  }

  remove(id: number): boolean {
    return this.byId.delete(id);
  }

  list(): ProfileField[] {
    return [...this.byId.values()].sort((a, b) => a.order - b.order || a.id - b.id);
  }

  /** Gives each field its position in `ids` as its order (the last, for an id listed twice); false if a field is missing. */
  reorder(ids: readonly number[]): boolean {
    const position = new Map(ids.map((id, i) => [id, i]));
    if ([...this.byId.keys()].some((id) => !position.has(id))) return false;
    for (const f of this.byId.values()) f.order = position.get(f.id)!;
    return true;
  }
}
