import { createHash } from "node:crypto";
import { FIRST_LEVEL as MIN_FEATURE_LEVEL, LAST_LEVEL as MAX_FEATURE_LEVEL } from "../facts/levels.ts";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Access } from "./access/access.ts";
import { ReferenceControl } from "./control/control.ts";
import { controlMount } from "./control/http.ts";
import { staticMount } from "./api/messages/emoji-data.ts";
import { multipartFileLimit } from "./api/uploads/limits.ts";
import { uploadsMount } from "./uploads/paths.ts";
import { stopDelivery } from "./api/messages/scheduled/deliver.ts";
import { DEFAULT_QUEUE_TIMEOUT_SECONDS, EventQueues } from "./events/queues.ts";
import { faults as FAULTS, isFaultId, type FaultId } from "./faults.ts";
import { answerClientError, Connections, MAX_HEADER_BYTES } from "./http/connections.ts";
import { AnswerCache } from "./http/answer-cache.ts";
import { dispatch, type HttpApp } from "./http/dispatch.ts";
import { DEFAULT_EVENTS_RATE_LIMIT, MAX_RATE_LIMIT_REQUESTS, RateLimiter, type EventsRateLimit, type RateLimit } from "./http/rate-limit.ts";
import { RouteTable } from "./http/router.ts";
import { FeatureLevel, type LevelSwitchName } from "./levels.ts";
import { ROUTES } from "./routes.ts";
import type { CamoConfig, Runtime, ServerConfig } from "./runtime.ts";
import { Store } from "./state/store.ts";
import { RealmFixtureSchema, type RealmFixture } from "./state/fixture-schema.ts";
import { loadRealmFixture, seedFixture } from "./state/fixture-seed.ts";
import { welcomeAccounts } from "./api/users/welcome-bot.ts";
import { isQuirkName, QUIRKS, type QuirkName } from "../facts/quirks.ts";
import { DataQuirks } from "./quirks/data-quirks.ts";

/** The levels the server emulates (the product's range), under the names the package exports. */
export { MIN_FEATURE_LEVEL, MAX_FEATURE_LEVEL };

export interface ReferenceServerOptions {
  featureLevel?: number;
  faults?: readonly string[];
  /** Seeds the API keys; the same seed gives the same keys. */
  seed?: string;
  port?: number;
  host?: string;
  heartbeatMs?: number;
  /**
   * How long an event queue lives without a client polling it, when its client asked for no lifespan (default 600,
   * the real product's); collection runs often enough for a short timeout to expire promptly.
   */
  queueTimeoutSeconds?: number;
  /** The organization the server starts with, in fixtures/realm.json's format (the default); validated. */
  organization?: RealmFixture;
  product?: "chat" | "zulip";
  /** max_file_upload_size_mib, the largest upload (default 25). */
  maxFileUploadSizeMib?: number;
  /** The organization's upload quota in MiB, null for none (default 5120); no API sets it. */
  uploadQuotaMib?: number | null;
  /** The organization's JWT key (HS256); null turns JWT authentication off. Default: one derived from the seed. */
  jwtKey?: string | null;
  /**
   * The server setting CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE: presence fetches and events follow user access
   * (FL228). Default true (real servers default to false) so the suite can test the behaviour.
   */
  canAccessAllUsersGroupLimitsPresence?: boolean;
  /** The push bouncer this server posts mobile notifications to (its base URL); default none, so nothing is sent. */
  pushBouncerUrl?: string | null;
  /**
   * Per-user limit on API requests, as real servers' api_by_user (which defaults to 200 / 60 s): a sliding log of
   * accepted requests. Absent or null: no limit (the default).
   */
  rateLimit?: RateLimit | null;
  /**
   * GET /events' own per-user bucket: a burst, then one request per interval. Absent: 200 / 0.3 s when `rateLimit`
   * is given (real servers' pace), else none; null: none.
   */
  eventsRateLimit?: EventsRateLimit | null;
  /**
   * Quirks (facts/quirks.ts): the data ones shape the organization the server starts with (reference-server/quirks);
   * wire ones are named here too but are the front's to make (serve's forwarder), so the server ignores them.
   * The reference control's throw-away organizations start with the same quirks.
   */
  quirks?: readonly string[];
  /**
   * The image proxy external images and videos in messages are previewed through (real servers: CAMO_URI, with
   * CAMO_KEY as the HMAC key). Absent or null: external media are linked, not previewed (the default).
   */
  camo?: CamoConfig | null;
}

export interface PersonaCredentials {
  email: string;
  apiKey: string;
  userId: number;
}

/**
 * What a reference server declares about itself beyond its API (`serve --json`'s serverConfig; the harness reads it
 * back from a personas file): the server settings no API reads, the push bouncer it serves, its control's secret.
 */
export interface DeclaredServerConfig {
  canAccessAllUsersGroupLimitsPresence: boolean;
  jwtKey?: string;
  pushBouncer: true;
  pushBouncerUrl?: string;
  referenceControl: string;
  /** How long an idle long-poll waits before its heartbeat: clients and tests size their waits by it. */
  heartbeatSeconds: number;
  /** The per-user API limit it enforces (absent: none). */
  rateLimit?: RateLimit;
  /** GET /events' own limit (absent: none). */
  eventsRateLimit?: EventsRateLimit;
}

export interface ReferenceServer {
  url: string;
  featureLevel: number;
  personas: Record<string, PersonaCredentials>;
  /** The JWT key (HS256) POST /api/v1/jwt/fetch_api_key verifies tokens with, null when off. */
  jwtKey: string | null;
  serverConfig: DeclaredServerConfig;
  /** What each data quirk asked for did, one line a quirk (`quirk NAME: …`), for serve to print and log. */
  quirkLog: readonly string[];
  /** The in-process model, for white-box tests and benchmarks. */
  runtime: Runtime;
  close(): Promise<void>;
}

export class ReferenceServerOptionError extends Error {
  override name = "ReferenceServerOptionError";
}

/** How long close() waits for open requests (long-polls answer at once) before it cuts their connections. */
const CLOSE_GRACE_MS = 1_000;

/** The limits the options ask for, checked: each a positive count and a positive, finite number of seconds. */
function checkRateLimits(o: ReferenceServerOptions): { rateLimit: RateLimit | null; eventsRateLimit: EventsRateLimit | null } {
  const rateLimit = o.rateLimit ?? null;
  const eventsRateLimit = o.eventsRateLimit === undefined ? (rateLimit === null ? null : DEFAULT_EVENTS_RATE_LIMIT) : o.eventsRateLimit;
  const count = (v: unknown, max: number) => typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= max;
  const seconds = (v: unknown) => typeof v === "number" && Number.isFinite(v) && v > 0 && v <= 86_400;
  if (rateLimit !== null && !(count(rateLimit.requests, MAX_RATE_LIMIT_REQUESTS) && seconds(rateLimit.windowSeconds))) {
    throw new ReferenceServerOptionError(
      `rateLimit must be {requests: a whole number from 1 to ${MAX_RATE_LIMIT_REQUESTS}, windowSeconds: seconds above 0, at most 86400}, got ${JSON.stringify(rateLimit)}`,
    );
  }
  if (eventsRateLimit !== null && !(count(eventsRateLimit.burst, 1_000_000) && seconds(eventsRateLimit.intervalSeconds))) {
    throw new ReferenceServerOptionError(
      `eventsRateLimit must be {burst: a whole number from 1 to 1000000, intervalSeconds: seconds above 0, at most 86400}, got ${JSON.stringify(eventsRateLimit)}`,
    );
  }
  return {
    rateLimit: rateLimit === null ? null : { requests: rateLimit.requests, windowSeconds: rateLimit.windowSeconds },
    eventsRateLimit: eventsRateLimit === null ? null : { burst: eventsRateLimit.burst, intervalSeconds: eventsRateLimit.intervalSeconds },
  };
}

/** The quirks the options name, checked: each a name of facts/quirks.ts. */
function checkQuirks(o: ReferenceServerOptions): QuirkName[] {
  return (o.quirks ?? []).map((q) => {
    if (!isQuirkName(q)) throw new ReferenceServerOptionError(`unknown quirk '${q}' (the quirks: ${QUIRKS.map((k) => k.name).join(", ")})`);
    return q;
  });
}

function checkOptions(o: ReferenceServerOptions): { level: number; faults: FaultId[]; organization: RealmFixture } {
  const level = o.featureLevel ?? MAX_FEATURE_LEVEL;
  if (!Number.isInteger(level) || level < MIN_FEATURE_LEVEL || level > MAX_FEATURE_LEVEL) {
    throw new ReferenceServerOptionError(`feature level must be an integer from ${MIN_FEATURE_LEVEL} to ${MAX_FEATURE_LEVEL}, got ${String(o.featureLevel)}`);
  }
  const faults = (o.faults ?? []).map((f) => {
    if (!isFaultId(f)) throw new ReferenceServerOptionError(`unknown fault '${f}' (chat-conformance list --faults lists them)`);
    return f;
  });
  for (const [name, v] of [
    ["maxFileUploadSizeMib", o.maxFileUploadSizeMib],
    ["uploadQuotaMib", o.uploadQuotaMib],
  ] as const) {
    if (v !== undefined && v !== null && (!Number.isInteger(v) || v < 0))
      throw new ReferenceServerOptionError(`${name} must be a whole number of MiB, got ${String(v)}`);
  }
  const timeout = o.queueTimeoutSeconds;
  if (timeout !== undefined && (!Number.isInteger(timeout) || timeout < 1))
    throw new ReferenceServerOptionError(`queueTimeoutSeconds must be a whole number of seconds, at least 1, got ${String(timeout)}`);
  if (o.organization === undefined) return { level, faults, organization: loadRealmFixture() };
  const r = RealmFixtureSchema.safeParse(o.organization);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new ReferenceServerOptionError(`organization: ${issue.path.join(".") || "(top level)"}: ${issue.message}`);
  }
  return { level, faults, organization: r.data };
}

/** The default JWT key: 64 hex characters derived from the seed, so the same seed gives the same key. */
const defaultJwtKey = (seed: string): string => createHash("sha256").update(`jwt:${seed}`).digest("hex");

/** Starts an in-memory reference server that acts as a server at `featureLevel` would. */
export async function createReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const { level, faults, organization } = checkOptions(options);
  const { rateLimit, eventsRateLimit } = checkRateLimits(options);
  const quirks = new DataQuirks(checkQuirks(options));
  // A throw-away organization is a server like this one on a free port, with the settings its request gives.
  const control = new ReferenceControl((settings) => createReferenceServer({ ...options, port: 0, ...settings }));
  const store = new Store(options.seed ?? "chat-conformance", organization, control.clock);
  // The organization's users and channels; seeding lives beside the fixture's schema, and calls the store, not the reverse.
  seedFixture(store, organization);
  quirks.number(store);
  if (options.maxFileUploadSizeMib !== undefined) store.settings.set("max_file_upload_size_mib", options.maxFileUploadSizeMib);
  if (options.uploadQuotaMib !== undefined) store.settings.set("upload_quota_mib", options.uploadQuotaMib);
  const flipped = new Set(faults.map((f) => (FAULTS[f] as { flips?: LevelSwitchName }).flips).filter((x): x is LevelSwitchName => !!x));
  const jwtKey = options.jwtKey === undefined ? defaultJwtKey(options.seed ?? "chat-conformance") : options.jwtKey;
  const config: ServerConfig = {
    heartbeatMs: options.heartbeatMs ?? 50_000,
    product: options.product ?? "chat",
    jwtKey,
    canAccessAllUsersGroupLimitsPresence: options.canAccessAllUsersGroupLimitsPresence ?? true,
    pushBouncerUrl: options.pushBouncerUrl ?? null,
    camo: options.camo ?? null,
  };
  const faultSet = new Set<FaultId>(faults);
  const fl = new FeatureLevel(level, flipped);
  const rt: Runtime = {
    store,
    access: new Access(store, fl, (id) => faultSet.has(id)),
    fl,
    queues: new EventQueues(store.clock, options.queueTimeoutSeconds ?? DEFAULT_QUEUE_TIMEOUT_SECONDS),
    config,
    url: "",
    faulty: (id) => faultSet.has(id),
    limiter: new RateLimiter(rateLimit, eventsRateLimit),
    answers: new AnswerCache(store.fragments),
    control,
  };
  if (config.product === "zulip") welcomeAccounts(rt, { greet: quirks.greets });
  quirks.seed(rt);
  // Upload downloads and tus, the static files and the reference control answer in their own shapes, before routing.
  const app: HttpApp = { routes: new RouteTable(ROUTES), mounts: [uploadsMount, staticMount, controlMount], fileLimit: multipartFileLimit };
  const server: Server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    connections.track(req, res);
    void dispatch(rt, app, req, res);
  });
  const connections = new Connections(server);
  server.on("clientError", answerClientError);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  rt.url = `http://${host}:${addr.port}`;
  const personas: Record<string, PersonaCredentials> = {};
  for (const u of store.users.values()) if (u.persona) personas[u.persona] = { email: u.email, apiKey: u.apiKey, userId: u.id };
  const serverConfig: DeclaredServerConfig = {
    canAccessAllUsersGroupLimitsPresence: config.canAccessAllUsersGroupLimitsPresence,
    ...(jwtKey !== null ? { jwtKey } : {}),
    pushBouncer: true,
    ...(config.pushBouncerUrl !== null ? { pushBouncerUrl: config.pushBouncerUrl } : {}),
    referenceControl: control.secret,
    heartbeatSeconds: config.heartbeatMs / 1000,
    ...(rateLimit !== null ? { rateLimit } : {}),
    ...(eventsRateLimit !== null ? { eventsRateLimit } : {}),
  };
  return {
    url: rt.url,
    featureLevel: level,
    personas,
    jwtKey,
    serverConfig,
    quirkLog: [...quirks.log],
    runtime: rt,
    close: async () => {
      await control.organizations.closeAll();
      rt.queues.close();
      stopDelivery(rt);
      // Open long-polls answer with their heartbeat, as on a restart, so clients see an answer rather than a reset.
      await connections.shutdown(CLOSE_GRACE_MS, () => rt.queues.release());
    },
  };
}
