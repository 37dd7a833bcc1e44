import { ApiClient } from "../../src/client/client.ts";
import { TEST_HEADER, testHeaderValue } from "../../src/client/test-header.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { HarnessError, UnverifiableError } from "../../src/expect/failure.ts";
import { PERSONA_ROLES, type PersonaRole } from "../../src/target/personas.ts";
import { SiblingUnreachable, startSibling, type Sibling, type SiblingSettings } from "../../src/target/sibling.ts";
import type { TargetInfo } from "../../src/target/target.ts";

/** An organization a test may destroy, with clients for its personas that record exchanges on the test. */
export interface Throwaway {
  target: TargetInfo;
  api(role: PersonaRole): ApiClient;
  close(): Promise<void>;
}

/** Server settings a throw-away organization may be given, which no API sets (a push bouncer: a stub the harness runs). */
export type ThrowawaySettings = SiblingSettings;

/**
 * Throws unless the target can give a test a throw-away organization: only a reference server can, through its
 * control. Tests that start a stub before the organization (a push bouncer) ask first, so that the remedy names
 * what is missing before anything else.
 */
export function needThrowaway(t: TestContext): void {
  if (t.target.serverConfig?.referenceControl !== undefined) return;
  throw new UnverifiableError({
    reason: "needs a throw-away organization, which only a reference server's control provides",
    remedy: "run against `chat-conformance serve` and pass its whole --json line as --personas (serverConfig.referenceControl)",
  });
}

/**
 * A throw-away organization like the target, for tests of destructive behaviour such as POST /realm/deactivate or of
 * what only the reference control changes (a plan, the clock): the target's control starts a sibling reference
 * server (same level, faults and product, on a free port) and closes it again. Elsewhere the test is not
 * verifiable, never run against the shared organization.
 */
export async function throwawayOrganization(t: TestContext, settings: ThrowawaySettings = {}): Promise<Throwaway> {
  needThrowaway(t);
  let sibling: Sibling;
  try {
    sibling = await startSibling(t.target, settings);
  } catch (e) {
    // The sibling listens on a port of its own beside the target's: behind a port mapping (a container) the harness
    // reaches only the target's port.
    if (e instanceof SiblingUnreachable) {
      throw new UnverifiableError({
        reason: e.message,
        remedy: "run `chat-conformance serve` where the harness reaches any port of it (on the harness's machine, or in a container on the host network)",
      });
    }
    throw new HarnessError((e as Error).message);
  }
  const { target } = sibling;
  // A sibling starts from the target's seed: one seeded without some persona (serve --seed) has none to lend.
  const missing = PERSONA_ROLES.filter((r) => !target.personas[r]);
  if (missing.length) {
    await sibling.close();
    throw new UnverifiableError({
      reason: `the throw-away organizations of this server lack the ${missing.join(", ")} persona${missing.length > 1 ? "s" : ""} (they start from its seed, which has no such users)`,
      remedy: `start serve without --seed, or with a seed that has a user for every persona (${PERSONA_ROLES.join(", ")})`,
    });
  }
  return {
    target,
    api: (role) => {
      const p = target.personas[role];
      if (!p) throw new HarnessError(`the throw-away organization has no ${role} persona (a reference server has every role)`);
      return new ApiClient(target.url, { email: p.email, apiKey: p.apiKey }, (ex) => t.exchanges.push(ex), target.product, undefined, {
        [TEST_HEADER]: testHeaderValue(t.testId, t.fl.levels),
      });
    },
    close: sibling.close,
  };
}
