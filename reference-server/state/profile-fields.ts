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

/** The organization's custom profile fields, in display order (the order they were created). */
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
    return [...this.byId.values()];
  }
}
