/**
 * The identifiers the spec spells differently from the real product (wire §17.1), as one exact table that the
 * reference server (`--product zulip`) and the harness (against `zulip` targets) both read. Exact names only: a
 * pattern such as `chat_` → `zulip_` would also rename the product's own `video_chat_provider`.
 *
 * Each row is the spec's name and the real one. A row applies wherever the name appears as an object key (register
 * sections, event payloads, server_settings, request parameters) and as the `property` value of a setting-change
 * event, which names a key.
 */
export const NAME_ROWS: ReadonlyArray<readonly [spec: string, real: string]> = [
  // Versioning: server_settings, register and the restart event.
  ["chat_feature_level", "zulip_feature_level"],
  ["chat_version", "zulip_version"],
  ["chat_merge_base", "zulip_merge_base"],
  // The announcement channels are ids; the real product says so in their names.
  ["chat_update_announcements_stream_id", "zulip_update_announcements_stream_id"],
  ["realm_chat_update_announcements_stream_id", "realm_zulip_update_announcements_stream_id"],
  ["new_stream_announcements_stream", "new_stream_announcements_stream_id"],
  ["signup_announcements_stream", "signup_announcements_stream_id"],
  ["notifications_stream", "notifications_stream_id"],
  ["signup_notifications_stream", "signup_notifications_stream_id"],
  ["realm_new_stream_announcements_stream", "realm_new_stream_announcements_stream_id"],
  ["realm_signup_announcements_stream", "realm_signup_announcements_stream_id"],
  ["realm_notifications_stream", "realm_notifications_stream_id"],
  ["realm_signup_notifications_stream", "realm_signup_notifications_stream_id"],
  // The video-call server the spec leaves unnamed.
  ["meet_server_url", "jitsi_server_url"],
  ["realm_meet_server_url", "realm_jitsi_server_url"],
  ["server_meet_server_url", "server_jitsi_server_url"],
  // Push: the mobile platform's app id, and a server's credentials at the bouncer.
  ["mobile_app_id", "ios_app_id"],
  ["chat_org_id", "zulip_org_id"],
  ["chat_org_key", "zulip_org_key"],
  // The realm setting whose group may access every user: the real product never gave it an `_id` suffix.
  ["can_access_all_users_group_id", "can_access_all_users_group"],
  ["realm_can_access_all_users_group_id", "realm_can_access_all_users_group"],
];

/** Endpoints the spec names differently: the spec's method and path, and the real ones (literal paths under /api/v1). */
export const PATH_ROWS: ReadonlyArray<{ spec: { method: string; path: string }; real: { method: string; path: string } }> = [
  { spec: { method: "POST", path: "/calls/provider_one/create" }, real: { method: "POST", path: "/calls/zoom/create" } },
  // A real server creates these meetings with GET (wire §17.2 #11).
  { spec: { method: "POST", path: "/calls/provider_two/create" }, real: { method: "GET", path: "/calls/bigbluebutton/create" } },
  { spec: { method: "POST", path: "/users/me/push_device_token" }, real: { method: "POST", path: "/users/me/apns_device_token" } },
  { spec: { method: "DELETE", path: "/users/me/push_device_token" }, real: { method: "DELETE", path: "/users/me/apns_device_token" } },
];

/** The realm name the server's 401 challenge carries (`WWW-Authenticate: Basic realm="…"`). */
export const AUTH_REALM = { chat: "chat", zulip: "zulip" } as const;

const TO_REAL: ReadonlyMap<string, string> = new Map(NAME_ROWS);
const TO_SPEC: ReadonlyMap<string, string> = new Map(NAME_ROWS.map(([spec, real]) => [real, spec]));

const REAL_PATHS: ReadonlyMap<string, { method: string; path: string }> = new Map(PATH_ROWS.map((r) => [`${r.spec.method} ${r.spec.path}`, r.real]));
const SPEC_PATHS: ReadonlyMap<string, { method: string; path: string }> = new Map(PATH_ROWS.map((r) => [`${r.real.method} ${r.real.path}`, r.spec]));

/** The real product's method and path for an endpoint the spec names (unchanged when they agree). */
export function realEndpoint(method: string, path: string): { method: string; path: string } {
  return REAL_PATHS.get(`${method} ${path}`) ?? { method, path };
}

/**
 * The spec's endpoint behind a real method and path: the spec's own, or null when the path is one only the spec
 * uses (a real server has no such route).
 */
export function specEndpoint(method: string, path: string): { method: string; path: string } | null {
  const spec = SPEC_PATHS.get(`${method} ${path}`);
  if (spec) return spec;
  return REAL_PATHS.has(`${method} ${path}`) ? null : { method, path };
}

/** One identifier in the real product's spelling (unchanged when the spec and the product agree). */
export function realName(name: string): string {
  return TO_REAL.get(name) ?? name;
}

/** One identifier in the spec's spelling. */
export function specName(name: string): string {
  return TO_SPEC.get(name) ?? name;
}

/** A whole value with every key (and every setting event's `property`) renamed through `rename`. */
function renameDeep<T>(value: T, rename: (name: string) => string): T {
  if (Array.isArray(value)) return value.map((v) => renameDeep(v, rename)) as T;
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[rename(k)] = k === "property" && typeof v === "string" ? rename(v) : renameDeep(v, rename);
  }
  return out as T;
}

/**
 * What the reference server sends as `--product zulip`. `later` holds the renames the real product made at a level
 * the spec does not follow (reference-server/zulip-levels.ts says which apply at the emulated level); they win over
 * the table.
 */
export const toRealNames = <T>(value: T, later: ReadonlyMap<string, string> = new Map()): T =>
  renameDeep(value, later.size === 0 ? realName : (name) => later.get(name) ?? realName(name));

/** What the harness reads from a real server, under the spec's names. */
export const toSpecNames = <T>(value: T): T => renameDeep(value, specName);
