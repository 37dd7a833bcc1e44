import type { IncomingMessage } from "node:http";
import type { Access } from "./access/access.ts";
import type { ReferenceControl } from "./control/control.ts";
import type { EventQueues } from "./events/queues.ts";
import type { FaultId } from "./faults.ts";
import type { AnswerCache } from "./http/answer-cache.ts";
import type { UploadedFile } from "./http/body.ts";
import type { Params } from "./http/params.ts";
import type { RateLimiter } from "./http/rate-limit.ts";
import type { FeatureLevel, LevelSwitchName } from "./levels.ts";
import type { Store } from "./state/store.ts";
import type { User } from "./state/types.ts";
import type { ZulipLevelName } from "./zulip-levels.ts";

export interface ServerConfig {
  /** Idle long-polls end with a heartbeat after this many milliseconds (real servers: 45–55 s). */
  heartbeatMs: number;
  /** `chat` speaks the spec's names; `zulip` renames `chat_…` keys for clients that demand the real ones. */
  product: "chat" | "zulip";
  /** The organization's JWT key (HS256) for POST /api/v1/jwt/fetch_api_key; null: JWT authentication is off. */
  jwtKey: string | null;
  /** CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE: presence follows user access (FL228). */
  canAccessAllUsersGroupLimitsPresence: boolean;
  /** PUSH_NOTIFICATION_BOUNCER_URL: notifications are posted to its /api/v1/remotes/push/notify; null: none are sent. */
  pushBouncerUrl: string | null;
  /** CAMO_URI and CAMO_KEY: external images and videos in messages are previewed through this proxy; null: not previewed. */
  camo: CamoConfig | null;
}

/** An image proxy as real servers use one: `<uri>external_content/<HMAC-SHA1 of the URL under key>/<URL in hex>`. */
export interface CamoConfig {
  uri: string;
  key: string;
}

/** Everything a handler may use: the one store, the emulated level, the event queues, the faults. */
export interface Runtime {
  readonly store: Store;
  readonly access: Access;
  readonly fl: FeatureLevel;
  readonly queues: EventQueues;
  readonly config: ServerConfig;
  /** The server's base URL (the realm URL), known once it listens. */
  url: string;
  faulty(id: FaultId): boolean;
  /** Per-user rate limits (wire §18), none unless the server was started with them. */
  readonly limiter: RateLimiter;
  /** Whole answers to reads that repeat, while nothing changes (http/answer-cache.ts). */
  readonly answers: AnswerCache;
  /** What tests may do that no API can (control/): the clock the store keeps, a work budget, the control's secret. */
  readonly control: ReferenceControl;
}

export interface RequestContext<U extends User | undefined = User> {
  rt: Runtime;
  user: U;
  params: Params;
  /** Path parameters (digits-only where the route says so). */
  path: Readonly<Record<string, string>>;
  files: readonly UploadedFile[];
  req: IncomingMessage;
}

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export type Handler<U extends User | undefined> = (ctx: RequestContext<U>) => Promise<Record<string, unknown>> | Record<string, unknown>;

export interface Route {
  method: Method;
  /** find-my-way pattern under /api/v1, e.g. "/messages/:message_id(^\\d+$)". */
  path: string;
  auth: boolean;
  handler: Handler<User> | Handler<undefined>;
  /** Levels below FL167 at which this endpoint already listed unsupported parameters (FL78, FL96, FL111). */
  reportsIgnoredSince?: number;
  /** The level switch (levels.ts) outside which the route does not exist: 404 "No such endpoint", before authentication. */
  level?: LevelSwitchName;
  /** The level switch from which the route no longer exists (an endpoint a later level removed). */
  removedBy?: LevelSwitchName;
  /** Zulip's operationId: the route exists only from the level Zulip's API description gives it. */
  operation?: string;
  /**
   * Under `--product zulip`, the Zulip switch (zulip-levels.ts) from which the route exists, in place of `level`:
   * for an endpoint real servers had before the level the spec brings it at.
   */
  zulipFrom?: ZulipLevelName;
}

export const authed = (method: Method, path: string, handler: Handler<User>, extra: Partial<Route> = {}): Route => ({
  method,
  path,
  auth: true,
  handler,
  ...extra,
});

export const open = (method: Method, path: string, handler: Handler<undefined>, extra: Partial<Route> = {}): Route => ({
  method,
  path,
  auth: false,
  handler,
  ...extra,
});
