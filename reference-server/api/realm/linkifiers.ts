import { publishLinkifiers } from "../../events/realm-linkifiers.ts";
import { badRequest, mustBeAdministrator } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { Linkifier } from "../../state/linkifiers.ts";
import { linkifierList } from "../../wire/linkifier.ts";

/** The named groups of a pattern written in Python's syntax, (?P<name>…); a pattern that does not compile is refused. */
function namedGroups(pattern: string): Set<string> {
  if (pattern.trim() === "") throw badRequest("Invalid linkifier pattern.");
  try {
    new RegExp(pattern.replace(/\(\?P</g, "(?<"), "u");
  } catch {
    throw badRequest("Invalid linkifier pattern.");
  }
  return new Set([...pattern.matchAll(/\(\?P?<([A-Za-z_][A-Za-z0-9_]*)>/g)].map((m) => m[1]!));
}

/** The variables of the URL: {name} (RFC 6570 level 1) from FL176, %(name)s format strings before. */
function urlVariables(url: string, template: boolean): string[] {
  if (!/^https?:\/\/[^\s]+$/.test(url)) throw badRequest(template ? "Invalid URL template." : "Invalid URL format string.");
  if (!template) return [...url.matchAll(/%\(([A-Za-z_][A-Za-z0-9_]*)\)s/g)].map((m) => m[1]!);
  const vars = [...url.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  if (vars.some((v) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(v)) || /[{}]/.test(url.replace(/\{[^{}]*\}/g, ""))) throw badRequest("Invalid URL template.");
  return vars;
}

/**
 * Reads pattern and the URL (url_template when `template`, from FL176; url_format_string before): every
 * variable of the URL must be a named group of the pattern.
 */
function readLinkifier(ctx: RequestContext, template: boolean): { pattern: string; url: string } {
  const { params } = ctx;
  const pattern = params.str("pattern");
  const url = params.str(template ? "url_template" : "url_format_string");
  const groups = namedGroups(pattern);
  for (const v of urlVariables(url, template)) if (!groups.has(v)) throw badRequest(`Group "${v}" in URL template is not present in linkifier pattern.`);
  return { pattern, url };
}

function adminOnly(ctx: RequestContext): void {
  if (!ctx.rt.access.hasAdminRights(ctx.user)) throw mustBeAdministrator();
}

function pathLinkifier(ctx: RequestContext): Linkifier {
  const l = ctx.rt.store.linkifiers.get(Number(ctx.path.filter_id));
  if (!l) throw badRequest("Linkifier not found.");
  return l;
}

/** POST /realm/filters: an administrator adds a linkifier → {id}. */
function createLinkifier(ctx: RequestContext): Record<string, unknown> {
  adminOnly(ctx);
  const { pattern, url } = readLinkifier(ctx, ctx.rt.fl.has("linkifierCreateUrlTemplate"));
  const l = ctx.rt.store.linkifiers.add(pattern, url);
  publishLinkifiers(ctx.rt);
  return { id: l.id };
}

/** PATCH /realm/filters/{filter_id}: replaces pattern and URL (both required). */
function updateLinkifier(ctx: RequestContext): Record<string, unknown> {
  adminOnly(ctx);
  const l = pathLinkifier(ctx);
  const { pattern, url } = readLinkifier(ctx, ctx.rt.fl.has("linkifierUpdateUrlTemplate"));
  l.pattern = pattern;
  l.urlTemplate = url;
  publishLinkifiers(ctx.rt);
  return {};
}

function deleteLinkifier(ctx: RequestContext): Record<string, unknown> {
  adminOnly(ctx);
  ctx.rt.store.linkifiers.remove(pathLinkifier(ctx).id);
  publishLinkifiers(ctx.rt);
  return {};
}

const ID = ":filter_id(^\\d+$)";

export const routes: Route[] = [
  authed("GET", "/realm/linkifiers", (ctx) => ({ linkifiers: linkifierList(ctx.rt) })),
  authed("POST", "/realm/filters", createLinkifier),
  authed("PATCH", `/realm/filters/${ID}`, updateLinkifier),
  authed("DELETE", `/realm/filters/${ID}`, deleteLinkifier),
];
