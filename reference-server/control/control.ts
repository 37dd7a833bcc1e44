import { randomBytes } from "node:crypto";
import { Organizations, type SiblingFactory } from "./organizations.ts";

/**
 * The reference control: what the reference server lets a test do that no API can — a restart or deployment, a plan
 * change, time passing, a server that runs out of time in a batched operation, a throw-away organization, the
 * organization state only endpoints outside the spec change (sign-up domains, a sponsorship request). It is
 * state of one server (the clock's offset, the work budget, the organizations it started) and a secret that guards
 * its HTTP door (control/http.ts); the operations themselves live beside it (plan.ts, organizations.ts, reach.ts,
 * realm-state.ts).
 * Real servers have none of this: tests that need it are not verifiable there (suites/support/control.ts).
 */
export class ReferenceControl {
  /** Throw-away organizations: sibling servers started by server.ts's factory (which this file cannot import). */
  readonly organizations: Organizations;

  /** Guards /reference-control/… (sent as the x-reference-control header). */
  readonly secret = randomBytes(16).toString("hex");
  private offsetSeconds = 0;
  /**
   * How many messages one batched request (POST /mark_all_as_read, POST /streams/{id}/delete_topic) may process
   * before it runs out of time and answers that it stopped part-way; null: never (the default).
   */
  workBudget: number | null = null;

  constructor(startSibling: SiblingFactory) {
    this.organizations = new Organizations(startSibling);
  }

  /** The server's clock in seconds since the epoch: the real time plus however far a test has moved it. */
  readonly clock = (): number => Math.floor(Date.now() / 1000) + this.offsetSeconds;

  /** When the server (re)started: register's server_generation, and the restart event's. */
  generation = this.clock();

  /** Moves the clock forward (never back: stored timestamps stay in the past). */
  advance(seconds: number): number {
    this.offsetSeconds += seconds;
    return this.clock();
  }
}
