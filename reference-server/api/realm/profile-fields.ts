import { z } from "zod";
import { publishProfileFields } from "../../events/custom-profile-fields.ts";
import { badRequest, mustBeAdministrator } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../runtime.ts";
import type { ProfileField } from "../../state/profile-fields.ts";
import { zulipHas } from "../../zulip-levels.ts";
import { FIELD_TYPES, profileFieldList } from "../../wire/profile-field.ts";

const CHOICE = 3;
const MAX_NAME = 40;
const MAX_HINT = 80;

const FieldData = z.record(z.string(), z.unknown());

function checkField(rt: Runtime, f: Omit<ProfileField, "id" | "order">, id?: number): void {
  if (f.name.trim() === "") throw badRequest("Label cannot be blank.");
  if ([...f.name].length > MAX_NAME) throw badRequest(`name is too long (limit: ${MAX_NAME} characters)`);
  if ([...f.hint].length > MAX_HINT) throw badRequest(`hint is too long (limit: ${MAX_HINT} characters)`);
  if (f.type === CHOICE && (f.fieldData === "" || f.fieldData === "{}")) throw badRequest("Field must have at least one choice.");
  if (rt.store.profileFields.named(f.name, id)) throw badRequest("A field with that label already exists.");
}

function adminOnly(ctx: RequestContext): void {
  if (!ctx.rt.access.hasAdminRights(ctx.user)) throw mustBeAdministrator();
}

/**
 * POST /realm/profile_fields: field_type, name, hint, field_data, display_in_profile_summary, and from the levels
 * real servers added them required (FL244) and editable_by_user (FL296) → {id}.
 */
function createField(ctx: RequestContext): Record<string, unknown> {
  adminOnly(ctx);
  const { params, rt } = ctx;
  const type = params.json("field_type", z.number().int());
  if (!(FIELD_TYPES as readonly number[]).includes(type)) throw badRequest("Invalid field type.");
  const data = params.optJson("field_data", FieldData);
  const f = {
    type,
    name: (params.optStr("name") ?? "").trim(),
    hint: params.optStr("hint") ?? "",
    fieldData: data === undefined ? "" : JSON.stringify(data),
    displayInProfileSummary: params.optBool("display_in_profile_summary") ?? false,
    required: (zulipHas(rt.fl, "profileFieldRequired") ? params.optBool("required") : undefined) ?? false,
    editableByUser: (zulipHas(rt.fl, "profileFieldEditableByUser") ? params.optBool("editable_by_user") : undefined) ?? true,
  };
  checkField(rt, f);
  const field = rt.store.profileFields.add(f);
  publishProfileFields(rt);
  return { id: field.id };
}

/**
 * PATCH /realm/profile_fields/{field_id}: from FL252 each of name, hint, display_in_profile_summary, required and
 * field_data is optional and an absent one keeps its value; before, an absent one took its default ("" or false),
 * so a request without name failed for a blank label.
 */
function updateField(ctx: RequestContext): Record<string, unknown> {
  adminOnly(ctx);
  const { params, rt } = ctx;
  const field = rt.store.profileFields.get(Number(ctx.path.field_id));
  if (!field) throw badRequest("Field id not found.");
  const keep = rt.fl.has("profileFieldUpdateOptional");
  const data = params.optJson("field_data", FieldData);
  const next = {
    type: field.type,
    name: (params.optStr("name") ?? (keep ? field.name : "")).trim(),
    hint: params.optStr("hint") ?? (keep ? field.hint : ""),
    fieldData: data !== undefined ? JSON.stringify(data) : keep ? field.fieldData : "",
    displayInProfileSummary: params.optBool("display_in_profile_summary") ?? (keep ? field.displayInProfileSummary : false),
    required: (zulipHas(rt.fl, "profileFieldRequired") ? params.optBool("required") : undefined) ?? (keep ? field.required : false),
    editableByUser: (zulipHas(rt.fl, "profileFieldEditableByUser") ? params.optBool("editable_by_user") : undefined) ?? field.editableByUser,
  };
  checkField(rt, next, field.id);
  Object.assign(field, next);
  publishProfileFields(rt);
  return {};
}

function deleteField(ctx: RequestContext): Record<string, unknown> {
  adminOnly(ctx);
  const { rt } = ctx;
  if (!rt.store.profileFields.remove(Number(ctx.path.field_id))) throw badRequest("Field id not found.");
  publishProfileFields(rt);
  return {};
}

const ID = ":field_id(^\\d+$)";

export const routes: Route[] = [
  authed("GET", "/realm/profile_fields", (ctx) => ({ custom_fields: profileFieldList(ctx.rt) })),
  authed("POST", "/realm/profile_fields", createField),
  authed("PATCH", `/realm/profile_fields/${ID}`, updateField),
  authed("DELETE", `/realm/profile_fields/${ID}`, deleteField),
];
