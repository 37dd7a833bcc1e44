/**
 * `chat-conformance list --operations`: the endpoints the reference server serves at a level, under the names of the
 * product it speaks — what a client developer pointing an app at `serve --feature-level N --product P` can call.
 */
import { FeatureLevel } from "../../../reference-server/levels.ts";
import { routeExists } from "../../../reference-server/http/route-exists.ts";
import { ROUTES } from "../../../reference-server/routes.ts";
import { realEndpoint, specEndpoint } from "../../../facts/names.ts";

/** One endpoint as `list --operations --json` prints it. */
export interface ListedOperation {
  method: string;
  /** Under /api/v1, with `{name}` for path parameters. */
  path: string;
  auth: boolean;
  /** Zulip's operationId, for the operations the spec does not name. */
  operation: string | null;
  /** The first level that has it (null: every level from the floor). */
  since: number | null;
  /** The first level without it (null: none). */
  until: number | null;
}

/** find-my-way's `:name(regex)` and a trailing `*` as `{name}`. */
const displayPath = (pattern: string): string => pattern.replace(/:([a-z_]+)(\([^)]*\))?/g, "{$1}").replace(/\*$/, "{filename}");

/** The first and the ending level of a route's existence within the emulated range. */
function span(route: (typeof ROUTES)[number], product: "chat" | "zulip", from: number, to: number): { since: number | null; until: number | null } {
  let since: number | null = null;
  let until: number | null = null;
  for (let level = from; level <= to; level++) {
    const here = routeExists(route, new FeatureLevel(level), product);
    if (here && since === null) since = level;
    if (!here && since !== null && until === null) until = level;
  }
  return { since: since === from ? null : since, until };
}

export function listedOperationsAt(level: number, product: "chat" | "zulip", range: { from: number; to: number }): ListedOperation[] {
  const fl = new FeatureLevel(level);
  const out: ListedOperation[] = [];
  for (const route of ROUTES) {
    if (!routeExists(route, fl, product)) continue;
    // Both spellings of an endpoint are routes (e.g. the services verify path); a product shows only its own.
    const shown = product === "zulip" ? realEndpoint(route.method, route.path) : { method: route.method, path: route.path };
    if (product === "zulip" && specEndpoint(shown.method, shown.path) === null) continue;
    if (product === "zulip" ? route.path.startsWith("/chat-") : route.path.startsWith("/zulip-")) continue;
    out.push({
      method: shown.method,
      path: displayPath(shown.path),
      auth: route.auth,
      operation: route.operation ?? null,
      ...span(route, product, range.from, range.to),
    });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

export function formatOperations(ops: readonly ListedOperation[], level: number, product: string): string[] {
  const lines = ops.map((o) => {
    const dates = [o.since !== null ? `from FL${o.since}` : "", o.until !== null ? `until FL${o.until}` : ""].filter(Boolean).join(", ");
    return `${o.method.padEnd(6)} /api/v1${o.path}${o.auth ? "" : "  (no credentials)"}${dates ? `  [${dates}]` : ""}`;
  });
  return [...lines, `${ops.length} endpoints at FL ${level} as ${product}`];
}
