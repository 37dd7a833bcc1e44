import { z } from "zod";
import { publishProfileFields } from "../../events/custom-profile-fields.ts";
import { publishLinkifiers } from "../../events/realm-linkifiers.ts";
import { badRequest, mustBeAdministrator } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";

const Ids = z.array(z.number().int());

function adminOnly(ctx: RequestContext): void {
  if (!ctx.rt.access.realm.canConfigure(ctx.user)) throw mustBeAdministrator();
}

/**
 * PATCH /realm/profile_fields: `order` lists the fields' ids in their new display order; each field's `order` becomes
 * its position. Every field must be listed (ids of no field are ignored) → the whole list in custom_profile_fields.
 */
function reorderProfileFields(ctx: RequestContext): Record<string, unknown> {
  adminOnly(ctx);
  const order = ctx.params.json("order", Ids);
  if (!ctx.rt.store.profileFields.reorder(order)) throw badRequest("Invalid order mapping.");
  publishProfileFields(ctx.rt);
  return {};
}

/**
 * PATCH /realm/linkifiers: `ordered_linkifier_ids` lists every linkifier exactly once, in the order clients are to
 * apply them → the whole list in realm_linkifiers. Before FL202 linkifiers applied in id order and this did not exist.
 */
function reorderLinkifiers(ctx: RequestContext): Record<string, unknown> {
  adminOnly(ctx);
  const { rt } = ctx;
  const ids = ctx.params.json("ordered_linkifier_ids", Ids);
  const wanted = new Set(ids);
  if (wanted.size < ids.length) throw badRequest("The ordered list must not contain duplicated linkifiers");
  const existing = rt.store.linkifiers.list();
  if (existing.length !== wanted.size || existing.some((l) => !wanted.has(l.id))) {
    throw badRequest("The ordered list must enumerate all existing linkifiers exactly once");
  }
  if (existing.length === 0) return {};
  rt.store.linkifiers.reorder(ids);
  publishLinkifiers(rt);
  return {};
}

export const routes: Route[] = [
  authed("PATCH", "/realm/profile_fields", reorderProfileFields, { operation: "reorder-custom-profile-fields" }),
  authed("PATCH", "/realm/linkifiers", reorderLinkifiers, { operation: "reorder-linkifiers" }),
];
