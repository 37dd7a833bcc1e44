import { readFileSync } from "node:fs";

/**
 * When each operation of Zulip's API exists, by operationId: the light part of data/zulip-api.json that the
 * reference server needs on every request (src/product/zulip-api.ts loads and checks the whole file for the harness and the tests).
 */
export interface OperationSpan {
  method: string;
  path: string;
  since?: number;
  until?: number;
}

let spans: ReadonlyMap<string, OperationSpan> | undefined;

function load(): ReadonlyMap<string, OperationSpan> {
  const file = JSON.parse(readFileSync(new URL("./data/zulip-api.json", import.meta.url), "utf8")) as {
    operations: Array<OperationSpan & { operationId: string }>;
  };
  return new Map(
    file.operations.map((op) => [
      op.operationId,
      { method: op.method, path: op.path, ...(op.since !== undefined ? { since: op.since } : {}), ...(op.until !== undefined ? { until: op.until } : {}) },
    ]),
  );
}

/** The operation's span, or undefined when Zulip's description has no such operation. */
export function operationSpan(operationId: string): OperationSpan | undefined {
  spans ??= load();
  return spans.get(operationId);
}

/** Whether a Zulip server at `level` has the operation (an unknown id exists nowhere). */
export function operationExistsAt(operationId: string, level: number): boolean {
  const span = operationSpan(operationId);
  return span !== undefined && (span.since === undefined || span.since <= level) && (span.until === undefined || level < span.until);
}
