import type { Runtime } from "../runtime.ts";
import type { Linkifier } from "../state/linkifiers.ts";

/** A linkifier object: url_template from FL176, url_format_string before (the same stored text). */
export function serializeLinkifier(rt: Runtime, l: Linkifier): Record<string, unknown> {
  const key = rt.fl.has("linkifierUrlTemplate") ? "url_template" : "url_format_string";
  return { pattern: l.pattern, [key]: l.urlTemplate, id: l.id };
}

export function linkifierList(rt: Runtime): Array<Record<string, unknown>> {
  return rt.store.linkifiers.list().map((l) => serializeLinkifier(rt, l));
}

/** The deprecated realm_filters tuples [pattern, url, id]; from FL176 always empty. */
export function realmFilters(rt: Runtime): unknown[] {
  if (rt.fl.has("realmFiltersEmpty")) return [];
  return rt.store.linkifiers.list().map((l) => [l.pattern, l.urlTemplate, l.id]);
}

/** Register's realm_linkifiers and realm_filters: from FL176 only clients with linkifier_url_template get the list. */
export function linkifiersSection(rt: Runtime, hasCapability: boolean): Record<string, unknown> {
  const withheld = rt.fl.has("linkifiersNeedCapability") && !hasCapability;
  return { realm_linkifiers: withheld ? [] : linkifierList(rt), realm_filters: realmFilters(rt) };
}
