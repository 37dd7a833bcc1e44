import { z } from "zod";
import type { TargetInfo } from "./target.ts";

/**
 * The `serverConfig` object a `--personas` document may carry next to `personas`: server configuration the API
 * cannot read (real servers set it out of band). `serve --json` prints the reference server's.
 */
export const ServerConfigSchema = z.strictObject({
  canAccessAllUsersGroupLimitsPresence: z.boolean().optional(),
  /** The organization's JWT key (HS256), for POST /api/v1/jwt/fetch_api_key. */
  jwtKey: z.string().min(1).optional(),
  /** The target also serves the push bouncer's API (/api/v1/remotes/...). */
  pushBouncer: z.boolean().optional(),
  /** The push bouncer the target posts notifications to (a reference server started with one states it). */
  pushBouncerUrl: z.string().min(1).optional(),
  /** The secret of the reference server's control (`serve --json` prints it). */
  referenceControl: z.string().min(1).optional(),
  /** Seconds an idle long-poll waits before its heartbeat (real servers: about 50). */
  heartbeatSeconds: z.number().positive().optional(),
  /** The per-user API limit the target enforces (real servers: 200 requests / 60 s): at most `requests` in any `windowSeconds`. */
  rateLimit: z.strictObject({ requests: z.number().int().positive(), windowSeconds: z.number().positive() }).optional(),
  /** GET /events' own per-user limit (real servers: a burst of 200, then one per 0.3 s). */
  eventsRateLimit: z.strictObject({ burst: z.number().int().positive(), intervalSeconds: z.number().positive() }).optional(),
});

/** The document's serverConfig, or undefined when it has none; throws a one-line message when it is malformed. */
export function serverConfigOf(doc: unknown): TargetInfo["serverConfig"] {
  if (doc === null || typeof doc !== "object" || !("serverConfig" in doc)) return undefined;
  const r = ServerConfigSchema.safeParse((doc as { serverConfig: unknown }).serverConfig);
  if (!r.success) throw new Error(`serverConfig.${r.error.issues[0]!.path.join(".")}: ${r.error.issues[0]!.message}`);
  return r.data;
}
