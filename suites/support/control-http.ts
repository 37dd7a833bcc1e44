import { HarnessError } from "../../src/expect/failure.ts";
import type { TargetInfo } from "../../src/target/target.ts";

/**
 * One operation of a reference server's control over HTTP (reference-server/control/http.ts): POST
 * <url>/reference-control/<op> with the secret the target declared (serverConfig.referenceControl). The caller has
 * checked that there is one. A refusal is the harness's problem (a wrong secret, a bad body), never the server's.
 */
export async function controlCall(target: TargetInfo, op: string, body: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const secret = target.serverConfig?.referenceControl;
  if (secret === undefined) throw new HarnessError(`reference control operation ${op} on a target that declares no control`);
  const res = await fetch(`${target.url}/reference-control/${op}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-reference-control": secret },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new HarnessError(`the reference control refused ${op} (HTTP ${res.status}): ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}
