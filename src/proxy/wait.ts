import { Agent, request } from "undici";

/** The pause between two tries. */
const RETRY_MS = 250;
/** One try's limit: a target that accepts the connection but never answers is not "starting", and fails detection. */
const TRY_MS = 5_000;

/** Connection failures that mean "nothing listens there yet", as opposed to a wrong address or a non-HTTP peer. */
const NOT_YET = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);

/** The target did not come up within the wait: the message says what the last try met. */
export class TargetNotUp extends Error {
  override name = "TargetNotUp";
}

function codeOf(e: unknown): string {
  const err = (e ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  if (typeof err.cause?.code === "string") return err.cause.code;
  return typeof err.code === "string" ? err.code : String((e as Error | undefined)?.message ?? e);
}

/**
 * Waits until the target answers GET /api/v1/server_settings with anything but a gateway's 502–504 (a server
 * still starting behind a load balancer), for at most `seconds`: what a CI job needs when it starts the server and
 * the proxy side by side. Resolves at once for a target that is up; `onWaiting` is told once, with the reason,
 * when the first try finds nothing. Only "nothing listens yet" is waited for; any other failure (a name that does
 * not resolve, a TLS error, a peer that does not speak HTTP) is left to detection, which says what it is. Throws
 * TargetNotUp when the time is out. Bounded: each try has its own limit, and none starts after the deadline.
 */
export async function waitForTarget(target: string, seconds: number, onWaiting?: (reason: string) => void): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  const agent = new Agent({ connect: { timeout: TRY_MS } });
  let told = false;
  try {
    for (;;) {
      let reason: string;
      try {
        const res = await request(`${target}/api/v1/server_settings`, {
          dispatcher: agent,
          signal: AbortSignal.timeout(TRY_MS),
          headersTimeout: TRY_MS,
          bodyTimeout: TRY_MS,
        });
        await res.body.dump();
        if (res.statusCode < 502 || res.statusCode > 504) return;
        reason = `HTTP ${res.statusCode} from a gateway`;
      } catch (e) {
        const code = codeOf(e);
        if (!NOT_YET.has(code)) return;
        reason = code;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new TargetNotUp(`cannot reach ${target}: ${reason} (waited ${seconds} s for it to start; --wait N waits longer)`);
      if (!told) {
        told = true;
        onWaiting?.(reason);
      }
      await new Promise((done) => setTimeout(done, Math.min(RETRY_MS, left)));
    }
  } finally {
    await agent.close().catch(() => undefined);
  }
}
