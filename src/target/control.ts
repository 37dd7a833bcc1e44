import type { TargetInfo } from "./target.ts";

/**
 * One operation of a reference server's control over HTTP (reference-server/control/http.ts): POST
 * <url>/reference-control/<op> with the secret the target declared (serverConfig.referenceControl). Throws a plain
 * Error when the target declares no control or the control refuses (a wrong secret, a bad body): the caller says
 * whose problem that is. `timeoutMs`: how long to wait for the answer at most (an AbortSignal timeout error then).
 */
export async function referenceControl(
  target: TargetInfo,
  op: string,
  body: Record<string, unknown> = {},
  timeoutMs?: number,
): Promise<Record<string, unknown>> {
  const secret = target.serverConfig?.referenceControl;
  if (secret === undefined) throw new Error(`reference control operation ${op} on a target that declares no control`);
  const res = await fetch(`${target.url}/reference-control/${op}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-reference-control": secret },
    body: JSON.stringify(body),
    ...(timeoutMs !== undefined ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
  });
  if (res.status !== 200) throw new Error(`the reference control refused ${op} (HTTP ${res.status}): ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}
