import type { RuleFactory } from "./rule.ts";
import { acknowledgesEvents } from "./acknowledges-events.ts";
import { backsOffOn5xx } from "./backs-off-on-5xx.ts";
import { checksFeatureLevel } from "./checks-feature-level.ts";
import { declaresCapabilities } from "./declares-capabilities.ts";
import { deletesQueue } from "./deletes-queue.ts";
import { honoursRetryAfter } from "./honours-retry-after.ts";
import { requestRate } from "./request-rate.ts";
import { reregistersAfterBadQueue } from "./reregisters-after-bad-queue.ts";

/** Each client clause's rule, by the clause's id (a clause of the data without a rule fails the judge's tests). */
export const RULES: Readonly<Record<string, RuleFactory>> = {
  "client.reregisters-after-bad-queue": reregistersAfterBadQueue,
  "client.honours-retry-after": honoursRetryAfter,
  "client.backs-off-on-5xx": backsOffOn5xx,
  "client.acknowledges-events": acknowledgesEvents,
  "client.declares-capabilities": declaresCapabilities,
  "client.checks-feature-level": checksFeatureLevel,
  "client.request-rate": requestRate,
  "client.deletes-queue": deletesQueue,
};
