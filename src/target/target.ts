import type { RateLimitPolicy } from "../client/rate-limit.ts";
import type { Organization, Personas } from "./personas.ts";

/** What every test knows about the server under test; detected once per run and handed to each worker. */
export interface TargetInfo {
  kind: "reference" | "url" | "container";
  url: string;
  /** The level tests gate on: detected, or --assume-fl. */
  featureLevel: number;
  /** `chat_` (the spec) or `zulip_` (the real product) in product-named keys. */
  product: "chat" | "zulip";
  personas: Personas;
  /** What the personas file says of the organization (the channel the suites share); absent: the defaults (`general`). */
  organization?: Organization;
  /** Prefix for every name a run creates, so runs never collide on a shared server. */
  runId: string;
  /**
   * How the harness meets the target's rate limits (`run --rate-limit`, `--max-wait`): each worker's clients send
   * under it (src/client/rate-limit.ts). Absent: auto, with the default --max-wait.
   */
  rateLimit?: RateLimitPolicy;
  /** Things detection noticed (a register level that disagrees, an assumed level). */
  notes: string[];
  /** `run --read-only`: only the tests that change nothing on the server run; the rest are skipped with that reason. */
  readOnly?: boolean;
  /**
   * The harness's address as the target reaches it, for tests in which the target calls the harness (an outgoing
   * webhook, a push bouncer, a verification page): `--harness-host` (default CC_HARNESS_HOST), 127.0.0.1 for the
   * embedded reference server, or 127.0.0.1 when a reference control's probe found the target beside the harness
   * (src/target/harness-host.ts). Absent: those tests are not verifiable here.
   */
  harnessHost?: string;
  /**
   * Server configuration the API cannot read, as the target declares it (the reference server states its own);
   * tests of behaviour that depends on it are not verifiable where it is not declared.
   */
  serverConfig?: {
    canAccessAllUsersGroupLimitsPresence?: boolean;
    /** The organization's JWT key (HS256) for POST /api/v1/jwt/fetch_api_key; absent: the JWT test is not verifiable. */
    jwtKey?: string;
    /** The target also serves the push bouncer's API (/api/v1/remotes/...); absent or false: bouncer tests are not verifiable. */
    pushBouncer?: boolean;
    /** The push bouncer the target posts mobile notifications to (a throw-away reference server the harness points at its stub). */
    pushBouncerUrl?: string;
    /**
     * The secret of a reference server's control (POST <url>/reference-control/<operation>): restarts, plan changes,
     * the clock, work budgets, throw-away organizations (suites/support/throwaway.ts). Absent on real servers, where
     * tests that need it are not verifiable.
     */
    referenceControl?: string;
    /** Seconds an idle long-poll waits before its heartbeat; absent: assume a real server's (about 50). */
    heartbeatSeconds?: number;
    /** The per-user API limit the target declares: at most `requests` accepted in any `windowSeconds`. */
    rateLimit?: { requests: number; windowSeconds: number };
    /** GET /events' own per-user limit the target declares: a burst, then one request per interval. */
    eventsRateLimit?: { burst: number; intervalSeconds: number };
  };
}

/**
 * A reference server: embedded, or `serve` (which declares its control). Its timers are exact — limits end on the
 * second, scheduled messages go out when due — so tests wait no slack for real servers' grace periods and
 * once-a-minute workers. The behaviour they check is the same on both.
 */
export const isReferenceServer = (t: TargetInfo): boolean => t.kind === "reference" || t.serverConfig?.referenceControl !== undefined;

/**
 * How long a test waits for an idle long-poll to end: the target's heartbeat interval and a margin. Used as a
 * request's timeoutMs or abortAfterMs, it starts when the request goes out: a rate limit's hold comes before.
 */
export const longPollBudgetMs = (t: TargetInfo): number => ((t.serverConfig?.heartbeatSeconds ?? 60) + 10) * 1000;

declare module "vitest" {
  interface ProvidedContext {
    target: TargetInfo;
  }
}
