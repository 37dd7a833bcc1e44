import type { FeatureLevel } from "../levels.ts";
import type { Route } from "../runtime.ts";
import { operationExistsAt } from "../../facts/zulip-operations.ts";

/**
 * Whether a server at the emulated level has the route: its spec switch is on, no later switch removed it, and,
 * for an operation of Zulip's API, Zulip's description dates it at or below the level.
 */
export function routeExists(route: Route, fl: FeatureLevel): boolean {
  if (route.level !== undefined && !fl.has(route.level)) return false;
  if (route.removedBy !== undefined && fl.has(route.removedBy)) return false;
  return route.operation === undefined || operationExistsAt(route.operation, fl.level);
}
