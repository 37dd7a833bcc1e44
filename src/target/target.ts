import type { Personas } from "./personas.ts";

/** What every test knows about the server under test; detected once per run and handed to each worker. */
export interface TargetInfo {
  kind: "reference" | "url" | "container";
  url: string;
  /** The level tests gate on: detected, or --assume-fl. */
  featureLevel: number;
  /** `chat_` (the spec) or `zulip_` (the real product) in product-named keys. */
  product: "chat" | "zulip";
  personas: Personas;
  /** Prefix for every name a run creates, so runs never collide on a shared server. */
  runId: string;
  /** Things detection noticed (a register level that disagrees, an assumed level). */
  notes: string[];
  /** `run --read-only`: only the tests that change nothing on the server run; the rest are skipped with that reason. */
  readOnly?: boolean;
  // --- realm (session 2) ---
  /**
   * The named faults of an embedded reference server (empty when clean). Tests that need a throw-away organization
   * (POST /realm/deactivate) start another reference server like it, faults included.
   */
  referenceFaults?: readonly string[];
  // --- presence ---
  /**
   * Server configuration the API cannot read, as the target declares it (the reference server states its own);
   * tests of behaviour that depends on it are blocked where it is not declared.
   */
  serverConfig?: {
    canAccessAllUsersGroupLimitsPresence?: boolean;
    // --- authentication ---
    /** The organization's JWT key (HS256) for POST /api/v1/jwt/fetch_api_key; absent: JWT tests are blocked. */
    jwtKey?: string;
    // --- push ---
    /** The target also serves the push bouncer's API (/api/v1/remotes/...); absent or false: bouncer tests are blocked. */
    pushBouncer?: boolean;
    /** The push bouncer the target posts mobile notifications to; only a harness-run reference server is set up so. */
    pushBouncerUrl?: string;
    // --- reference control ---
    /**
     * The secret of a reference server's control (POST <url>/reference-control/<operation>): restarts, plan changes,
     * the clock, work budgets. Absent on real servers, where tests that need it are blocked (suites/support/control.ts).
     */
    referenceControl?: string;
  };
}

declare module "vitest" {
  interface ProvidedContext {
    target: TargetInfo;
  }
}
