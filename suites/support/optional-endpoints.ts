import type { ApiResponse } from "../../src/client/client.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { NotApplicableError, UnverifiableError } from "../../src/expect/failure.ts";
import { operationSpan } from "../../facts/zulip-operations.ts";
import { ZULIP_OPERATIONS } from "../../src/product/zulip-api.ts";

/**
 * Endpoints of Zulip's API that the spec does not name (drafts, saved snippets, alert words, muted users, code
 * playgrounds, attachments): tests use them for the events they send, which a client's state follows like any
 * other (fl153.events.state-consistency). Requires that `res` came from an endpoint the target has: one without it
 * (HTTP 404 or 405) at a level below the one Zulip's API description gives the operation (`operationId`) makes the
 * test n/a, as there is nothing to observe; at a level Zulip has it, unverifiable rather than failed, as a server
 * may conform to the spec without it.
 */
export function needOffered(t: TestContext, res: ApiResponse, endpoint: string, operationId: string): void {
  if (res.status !== 404 && res.status !== 405) return;
  const since = operationSpan(operationId)?.since;
  if (since !== undefined && t.target.featureLevel < since)
    throw new NotApplicableError(`${endpoint} arrived in Zulip's API at FL${since}; the target is at FL${t.target.featureLevel}`);
  throw new UnverifiableError({
    reason: `the target has no ${endpoint} (HTTP ${res.status}), an endpoint of Zulip's API that the spec does not name`,
    remedy: `run against a server that has ${endpoint} (the reference server has it at the levels Zulip's API gives it)`,
  });
}

/**
 * Before the request: n/a below the level Zulip's API description gives the operation, so that a test does not
 * send what its target's level lacks (a client that knows its server's level does not; the validation proxy warns
 * of it). A target at or past that level is asked, and needOffered judges the answer.
 */
export function needLevelOf(t: TestContext, endpoint: string, operationId: string): void {
  const since = operationSpan(operationId)?.since;
  if (since !== undefined && t.target.featureLevel < since)
    throw new NotApplicableError(`${endpoint} arrived in Zulip's API at FL${since}; the target is at FL${t.target.featureLevel}`);
}

/** The level Zulip's API description gives a parameter of an operation (undefined: as old as the operation). */
export function parameterSince(operationId: string, name: string): number | undefined {
  return ZULIP_OPERATIONS.find((o) => o.operationId === operationId)?.parameters.find((p) => p.name === name)?.since;
}
