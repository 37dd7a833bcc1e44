import { HarnessError } from "../../src/expect/failure.ts";
import { referenceControl } from "../../src/target/control.ts";
import type { TargetInfo } from "../../src/target/target.ts";

/**
 * One operation of a reference server's control (src/target/control.ts). The caller has checked that the target
 * declares one, so a refusal is the harness's problem (a wrong secret, a bad body), never the server's.
 */
export async function controlCall(target: TargetInfo, op: string, body: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  try {
    return await referenceControl(target, op, body);
  } catch (e) {
    throw new HarnessError((e as Error).message);
  }
}
