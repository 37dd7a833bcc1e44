import type { FeatureLevel } from "../levels.ts";
import type { Route, ServerConfig } from "../runtime.ts";
import { zulipHas } from "../zulip-levels.ts";
import { operationExistsAt } from "../../facts/zulip-operations.ts";

/**
 * Whether a server of the product at the emulated level has the route: its spec switch is on (under `--product
 * zulip`, its Zulip switch when it has one), no later switch removed it, and, for an operation of Zulip's API,
 * Zulip's description dates it at or below the level.
 */
export function routeExists(route: Route, fl: FeatureLevel, product: ServerConfig["product"] = "chat"): boolean {
  if (product === "zulip" && route.zulipFrom !== undefined) {
    if (!zulipHas(fl, route.zulipFrom)) return false;
  } else if (route.level !== undefined && !fl.has(route.level)) return false;
  if (route.removedBy !== undefined && fl.has(route.removedBy)) return false;
  return route.operation === undefined || operationExistsAt(route.operation, fl.level);
}
