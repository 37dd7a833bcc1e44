import { catalog } from "../catalog/catalog.ts";
import { specEndpoint } from "../../facts/names.ts";
import type { ZulipOperation } from "../product/zulip-api.ts";
import { capabilitiesOf } from "../client/observed-params.ts";
import { datedUses } from "../product/level-dated.ts";
import type { CheckContext } from "./context.ts";

/**
 * Warnings about the client: what its requests use that the target's level does not offer — an endpoint or a
 * parameter of a later level or one a level removed (from the API description's levels), a capability declared
 * at register that the level does not know, a form of a value from a later level. The server may well ignore
 * them; the client then gets the old behaviour it did not plan for.
 */

/** Register capabilities that arrived at a level, with the clause that introduced each. */
const CAPABILITIES: ReadonlyArray<{ name: string; level: number; clause: string }> = [
  { name: "linkifier_url_template", level: 176, clause: "fl176.register.capability-linkifier-url-template" },
  { name: "user_list_incomplete", level: 232, clause: "fl232.register.capability-user-list-incomplete" },
  { name: "include_deactivated_groups", level: 294, clause: "fl294.register.capability-include-deactivated-groups" },
  { name: "empty_topic_name", level: 334, clause: "fl334.register.capability-empty-topic-name" },
];

export function checkRequest(
  ctx: CheckContext,
  operation: { op: ZulipOperation; pathParams: ReadonlySet<string> } | undefined,
  realName: (name: string) => string,
): void {
  if (operation) {
    for (const u of datedUses(operation, ctx.params.values.keys(), ctx.product, realName)) {
      if (u.since !== undefined && ctx.level < u.since) warnLevel(ctx, operation.op, u.param, u.since, "added");
      else if (u.until !== undefined && ctx.level >= u.until) warnLevel(ctx, operation.op, u.param, u.until, "removed");
    }
  }
  if (ctx.method === "POST" && ctx.path === "/register") {
    const caps = capabilitiesOf(ctx.params.values.get("client_capabilities"));
    for (const c of CAPABILITIES) {
      if (caps[c.name] === true && ctx.level < c.level && !ctx.probe({ clause: c.clause, endpoint: "POST /register", param: c.name, added: c.level })) {
        ctx.applies(c.clause);
        ctx.report({
          clause: c.clause,
          severity: "warning",
          want: `no reliance on the ${c.name} capability, which servers offer from FL ${c.level}`,
          got: `client_capabilities declares ${c.name} to a server at FL ${ctx.level}, which ignores it`,
        });
      }
    }
  }
  if (
    ctx.method === "POST" &&
    ctx.path === "/messages" &&
    ctx.params.values.get("type") === "direct" &&
    ctx.level < 174 &&
    !ctx.probe({ clause: "fl174.messages.direct-type", endpoint: "POST /messages", param: "direct", added: 174 })
  ) {
    ctx.report({
      clause: "fl174.messages.direct-type",
      severity: "warning",
      want: "type 'private' (type 'direct' is accepted from FL 174)",
      got: `type 'direct' sent to a server at FL ${ctx.level}`,
    });
  }
}

/** One warning for an endpoint or parameter outside its levels, named by the catalog's clause when there is one. */
function warnLevel(ctx: CheckContext, op: ZulipOperation, param: string | undefined, level: number, change: "added" | "removed"): void {
  const spec = specEndpoint(op.method, op.path) ?? { method: op.method, path: op.path };
  const endpoint = `${spec.method} ${spec.path}`;
  const what = param === undefined ? `the endpoint ${endpoint}` : `the parameter '${param}' of ${endpoint}`;
  const clause = catalog().clauses.find(
    (c) => (change === "added" ? c.level === level : c.until === level) && c.endpoints.includes(endpoint) && (param === undefined || c.says.includes(param)),
  );
  const id = clause?.id ?? `api.${op.operationId}${param !== undefined ? `.${param}` : ""}`;
  if (ctx.probe({ clause: id, endpoint, ...(param !== undefined ? { param } : {}), ...(change === "added" ? { added: level } : { removed: level }) })) return;
  const when = change === "added" ? `servers offer it from FL ${level}` : `servers dropped it at FL ${level}`;
  ctx.report({
    clause: id,
    severity: "warning",
    says: `The API description dates ${what}: ${change} at FL ${level}.`,
    level,
    want: `no use of ${what} (${when})`,
    got: `used against a server at FL ${ctx.level}`,
  });
}
