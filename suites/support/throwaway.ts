import { ApiClient } from "../../src/client/client.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { BlockedError } from "../../src/expect/failure.ts";
import { startReferenceTarget } from "../../src/target/reference.ts";
import type { ReferenceServerOptions } from "../../reference-server/server.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import type { TargetInfo } from "../../src/target/target.ts";

/** An organization a test may destroy, with clients for its personas that record exchanges on the test. */
export interface Throwaway {
  target: TargetInfo;
  api(role: PersonaRole): ApiClient;
  close(): Promise<void>;
}

/**
 * A throw-away organization like the target (its level and, for the reference server, its faults), for tests of
 * destructive behaviour such as POST /realm/deactivate. Only the reference server provides one: elsewhere the
 * test is blocked rather than run against the shared organization. `options`: server configuration the throw-away
 * server gets besides (the push bouncer it posts notifications to).
 */
export async function throwawayOrganization(t: TestContext, options: Pick<ReferenceServerOptions, "pushBouncerUrl"> = {}): Promise<Throwaway> {
  if (t.target.kind !== "reference") throw new BlockedError("needs a throw-away organization, which only the embedded reference server provides");
  const { target, close } = await startReferenceTarget({ featureLevel: t.target.featureLevel, faults: [...(t.target.referenceFaults ?? [])], ...options });
  return {
    target,
    api: (role) => {
      const p = target.personas[role];
      if (!p) throw new BlockedError(`the throw-away organization has no ${role} persona`);
      return new ApiClient(target.url, { email: p.email, apiKey: p.apiKey }, (ex) => t.exchanges.push(ex), target.product);
    },
    close,
  };
}
