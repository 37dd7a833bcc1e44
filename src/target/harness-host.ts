import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { referenceControl } from "./control.ts";
import type { TargetInfo } from "./target.ts";

/** The loopback address the harness's listeners use when the target runs beside it. */
const LOOPBACK = "127.0.0.1";

/**
 * Finds out whether a target with a reference control reaches the harness on 127.0.0.1: a one-off page answers a
 * nonce, and the control (POST /reference-control/reach) fetches it from the target's side. `serve` on the
 * harness's machine does; a reference server in a container behind a port mapping does not, and assuming it did
 * would turn "cannot be tested here" into failures (a webhook that never arrives). Targets without a control
 * cannot be asked: they need --harness-host.
 */
export async function probeLoopback(target: TargetInfo): Promise<boolean> {
  if (target.serverConfig?.referenceControl === undefined) return false;
  const nonce = randomBytes(12).toString("hex");
  const page = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "text/plain" }).end(nonce);
  });
  await new Promise<void>((resolve) => page.listen(0, LOOPBACK, resolve));
  try {
    const { port } = page.address() as AddressInfo;
    const answer = await referenceControl(target, "reach", { url: `http://${LOOPBACK}:${port}/` }, 10_000);
    return answer.body === nonce;
  } catch {
    // An older reference server without the operation, or a control that refuses or does not answer: not reachable
    // as far as anyone can tell.
    return false;
  } finally {
    page.closeAllConnections();
    await new Promise<void>((resolve) => page.close(() => resolve()));
  }
}

/**
 * Sets target.harnessHost: the address given (--harness-host, CC_HARNESS_HOST, the API's harnessHost) wins; an
 * embedded reference server already has 127.0.0.1; otherwise a reference control may find 127.0.0.1 by probing.
 * Left unset, the tests in which the target calls the harness are not verifiable, naming --harness-host.
 */
export async function settleHarnessHost(target: TargetInfo, given: string | undefined): Promise<void> {
  if (given !== undefined) {
    target.harnessHost = given;
    return;
  }
  if (target.harnessHost !== undefined) return;
  if (await probeLoopback(target)) {
    target.harnessHost = LOOPBACK;
    target.notes.push(`the target reaches the harness at ${LOOPBACK} (probed through its reference control)`);
  }
}
