import { z } from "zod";
import { referenceControl } from "./control.ts";
import { PersonasSchema } from "./personas.ts";
import { serverConfigOf } from "./server-config.ts";
import type { TargetInfo } from "./target.ts";

/** The reference control's answer to `organization`: the shape of `serve --json`'s line. */
const Started = z.object({ url: z.url(), personas: PersonasSchema, serverConfig: z.unknown() });

/** A sibling organization out of the harness's reach (behind a container's port mapping): the caller says what to do. */
export class SiblingUnreachable extends Error {}

/** An organization of its own beside a reference target, and how to close it. */
export interface Sibling {
  target: TargetInfo;
  close(): Promise<void>;
}

/** Server settings a sibling organization may be given, which no API sets. */
export interface SiblingSettings {
  /** The push bouncer it posts mobile notifications to. */
  pushBouncerUrl?: string;
}

/**
 * A sibling organization of a reference target: its control starts another reference server like it (level,
 * faults, product, seed) on a free port, with the target's harness facts and the sibling's own personas and
 * control. Throws SiblingUnreachable, having closed it again, when the harness cannot reach its port.
 */
export async function startSibling(target: TargetInfo, settings: SiblingSettings = {}): Promise<Sibling> {
  const started = Started.parse(
    await referenceControl(target, "organization", settings.pushBouncerUrl !== undefined ? { push_bouncer_url: settings.pushBouncerUrl } : {}),
  );
  const close = async () => void (await referenceControl(target, "organization/close", { url: started.url }));
  try {
    await fetch(`${started.url}/api/v1/server_settings`, { signal: AbortSignal.timeout(5_000) });
  } catch (e) {
    await close();
    throw new SiblingUnreachable(`the organization the reference control started at ${started.url} is out of the harness's reach (${(e as Error).message})`);
  }
  const serverConfig = serverConfigOf(started);
  return { target: { ...target, url: started.url, personas: started.personas, notes: [], ...(serverConfig ? { serverConfig } : {}) }, close };
}
