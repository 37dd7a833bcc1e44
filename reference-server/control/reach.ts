/**
 * Whether this server reaches an address: the harness asks before it hands a target the address of one of its
 * own listeners (an outgoing webhook's receiver, a push bouncer stub, a verification page). `serve` on the
 * harness's machine reaches 127.0.0.1; in a container behind a port mapping it does not, and the tests that need
 * it are then not verifiable rather than failed for a post that could never arrive.
 */
export interface Reached {
  /** HTTP status of the answer, when there was one. */
  status?: number;
  /** The start of the answer's body (the harness's probe answers with a nonce). */
  body?: string;
  /** Why nothing came back. */
  error?: string;
}

const TIMEOUT_MS = 3_000;

export async function reach(url: string): Promise<Reached> {
  const u = new URL(url);
  if (u.protocol !== "http:" && u.protocol !== "https:") return { error: `not an http(s) URL: ${url}` };
  try {
    const res = await fetch(u, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: res.status, body: (await res.text()).slice(0, 200) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}
