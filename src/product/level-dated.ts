import type { ZulipOperation } from "./zulip-api.ts";
import { specEndpointOf, specParameters } from "./spec-parameters.ts";

/**
 * What of a request the API dates: the endpoint itself when a level added or removed it, and each parameter sent
 * that a level added or removed. The proxy warns of those outside the target's level (src/proxy/check-request.ts);
 * the client judge (src/judge) asks whether the client had learnt the level before using them. One reading of the
 * API description's levels, and of the spec's own (spec-parameters.ts), for both.
 */
export interface DatedUse {
  /** The endpoint in the spec's names ("PATCH /streams/{stream_id}"). */
  endpoint: string;
  /** The parameter as the request named it; absent for the endpoint itself. */
  param?: string;
  since?: number;
  until?: number;
}

/**
 * The dated parts of one request to `operation`, of the parameters named in `sent` (as the request spells them;
 * `realName` turns such a name into the description's). Where the spec dates a parameter itself, its levels decide.
 */
export function datedUses(
  operation: { op: ZulipOperation; pathParams: ReadonlySet<string> },
  sent: Iterable<string>,
  product: "chat" | "zulip",
  realName: (name: string) => string,
): DatedUse[] {
  const { op, pathParams } = operation;
  const endpoint = specEndpointOf(op);
  const out: DatedUse[] = [];
  const dates = (x: { since?: number | undefined; until?: number | undefined }) => ({
    ...(x.since !== undefined ? { since: x.since } : {}),
    ...(x.until !== undefined ? { until: x.until } : {}),
  });
  if (op.since !== undefined || op.until !== undefined) out.push({ endpoint, ...dates(op) });
  const spec = specParameters(endpoint, product);
  for (const name of sent) {
    const p = spec.find((x) => x.name === name) ?? op.parameters.find((x) => x.name === realName(name) && !pathParams.has(x.name));
    if (p && (p.since !== undefined || p.until !== undefined)) out.push({ endpoint, param: name, ...dates(p) });
  }
  return out;
}

/** Whether a dated use is offered by a server at `level`. */
export const offeredAt = (u: { since?: number; until?: number }, level: number): boolean =>
  (u.since === undefined || level >= u.since) && (u.until === undefined || level < u.until);
