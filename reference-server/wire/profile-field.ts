import type { Runtime } from "../runtime.ts";
import type { ProfileField } from "../state/profile-fields.ts";
import { zulipHas } from "../zulip-levels.ts";

/** Field types (wire: 1 short text … 8 pronouns); 3 (list of options) needs field_data. */
export const FIELD_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const FIELD_TYPE_NAMES = ["SHORT_TEXT", "LONG_TEXT", "SELECT", "DATE", "URL", "USER", "EXTERNAL_ACCOUNT", "PRONOUNS"];

/** A field as GET /realm/profile_fields, register and events carry it; `required` and `editable_by_user` from the levels real servers added them. */
export function serializeProfileField(rt: Runtime, f: ProfileField): Record<string, unknown> {
  const out: Record<string, unknown> = { id: f.id, type: f.type, order: f.order, name: f.name, hint: f.hint, field_data: f.fieldData };
  if (zulipHas(rt.fl, "profileFieldRequired")) out.required = f.required;
  if (zulipHas(rt.fl, "profileFieldEditableByUser")) out.editable_by_user = f.editableByUser;
  if (f.displayInProfileSummary) out.display_in_profile_summary = true;
  return out;
}

export function profileFieldList(rt: Runtime): Array<Record<string, unknown>> {
  return rt.store.profileFields.list().map((f) => serializeProfileField(rt, f));
}

/** Register's custom_profile_fields section: the fields and the types clients may offer. */
export function profileFieldsSection(rt: Runtime): Record<string, unknown> {
  const types = Object.fromEntries(FIELD_TYPES.map((id) => [FIELD_TYPE_NAMES[id - 1]!, { id, name: FIELD_TYPE_NAMES[id - 1]! }]));
  return { custom_profile_fields: profileFieldList(rt), custom_profile_field_types: types };
}
