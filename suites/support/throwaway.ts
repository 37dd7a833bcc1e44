import { z } from "zod";
import { ApiClient } from "../../src/client/client.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { HarnessError, UnverifiableError } from "../../src/expect/failure.ts";
import { PersonasSchema, type PersonaRole } from "../../src/target/personas.ts";
import { serverConfigOf } from "../../src/target/server-config.ts";
import type { TargetInfo } from "../../src/target/target.ts";
import { controlCall } from "./control-http.ts";

/** An organization a test may destroy, with clients for its personas that record exchanges on the test. */
export interface Throwaway {
  target: TargetInfo;
  api(role: PersonaRole): ApiClient;
  close(): Promise<void>;
}

/** Server settings a throw-away organization may be given, which no API sets. */
export interface ThrowawaySettings {
  /** The push bouncer it posts mobile notifications to (a stub the harness runs). */
  pushBouncerUrl?: string;
}

/** The reference control's answer: the shape of `serve --json`'s line. */
const Started = z.object({ url: z.url(), personas: PersonasSchema, serverConfig: z.unknown() });

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
  const started = Started.parse(await controlCall(t.target, "organization", settings.pushBouncerUrl !== undefined ? { push_bouncer_url: settings.pushBouncerUrl } : {}));
  const close = async () => void (await controlCall(t.target, "organization/close", { url: started.url }));
  try {
    await fetch(`${started.url}/api/v1/server_settings`, { signal: AbortSignal.timeout(5_000) });
  } catch (e) {
    await close();
    // The sibling listens on a port of its own beside the target's: behind a port mapping (a container) the harness
    // reaches only the target's port.
    throw new UnverifiableError({
      reason: `the throw-away organization the reference control started at ${started.url} is out of the harness's reach (${(e as Error).message})`,
      remedy: "run `chat-conformance serve` where the harness reaches any port of it (on the harness's machine, or in a container on the host network)",
    });
  }
  const serverConfig = serverConfigOf(started);
  const target: TargetInfo = {
    ...t.target,
    url: started.url,
    personas: started.personas,
    notes: [],
    ...(serverConfig ? { serverConfig } : {}),
  };
  return {
    target,
    api: (role) => {
      const p = target.personas[role];
      if (!p) throw new HarnessError(`the throw-away organization has no ${role} persona (a reference server has every role)`);
      return new ApiClient(target.url, { email: p.email, apiKey: p.apiKey }, (ex) => t.exchanges.push(ex), target.product);
    },
    close,
  };
}
