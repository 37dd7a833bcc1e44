import type { TestContext } from "../../src/expect/context.ts";
import { UnverifiableError } from "../../src/expect/failure.ts";

/** Where a listener of the harness is reached by the target, and the interface it binds to. */
export interface HarnessAddress {
  /** The host part of the listener's URL, as the target reaches it (IPv6 in brackets). */
  host: string;
  /** What the listener binds to: the loopback address itself, or every interface for any other address. */
  bind: string;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/;

/**
 * The address of the harness as the target reaches it (TargetInfo.harnessHost: --harness-host, CC_HARNESS_HOST,
 * the embedded reference server's 127.0.0.1, or a reference control's probe). Without one, a test in which the
 * target calls the harness cannot run here: it is not verifiable, and says which option would make it so.
 */
export function harnessAddress(t: TestContext): HarnessAddress {
  const host = t.target.harnessHost;
  if (host === undefined) {
    throw new UnverifiableError({
      reason: "the target must call a listener the harness runs, and no address at which it reaches the harness was given",
      remedy: "pass --harness-host HOST (or set CC_HARNESS_HOST): the harness's address as the target reaches it",
    });
  }
  const bind = LOOPBACK.test(host) ? host.replace(/^\[|\]$/g, "") : "0.0.0.0";
  return { host: host.includes(":") && !host.startsWith("[") ? `[${host}]` : host, bind };
}
