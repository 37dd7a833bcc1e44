/**
 * Identifiers the real product spells differently from the spec (wire §17.1), besides the `zulip_` ↔ `chat_`
 * rule: the spec's name on the left, the real one on the right. Against a real server the client sends the real
 * names and reads responses under the spec's, so a test states the spec once and still runs against real servers.
 */
export const REAL_NAMES: Readonly<Record<string, string>> = {
  new_stream_announcements_stream: "new_stream_announcements_stream_id",
  signup_announcements_stream: "signup_announcements_stream_id",
  notifications_stream: "notifications_stream_id",
  signup_notifications_stream: "signup_notifications_stream_id",
  realm_new_stream_announcements_stream: "realm_new_stream_announcements_stream_id",
  realm_signup_announcements_stream: "realm_signup_announcements_stream_id",
  realm_notifications_stream: "realm_notifications_stream_id",
  realm_signup_notifications_stream: "realm_signup_notifications_stream_id",
  meet_server_url: "jitsi_server_url",
  realm_meet_server_url: "realm_jitsi_server_url",
  server_meet_server_url: "server_jitsi_server_url",
};

const SPEC_NAMES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(REAL_NAMES).map(([spec, real]) => [real, spec]));

/** A request parameter's real name: `chat_…` → `zulip_…`, then the table. */
export function toRealName(name: string): string {
  const prefixed = name.replace(/(^|_)chat_/, "$1zulip_");
  return REAL_NAMES[prefixed] ?? prefixed;
}

/** A response key (or a realm event's `property` value) under the spec's name. */
export function toSpecName(name: string): string {
  const unprefixed = name.replace(/(^|_)zulip_/, "$1chat_");
  return SPEC_NAMES[unprefixed] ?? unprefixed;
}

/** Reads a whole response under the spec's names: keys, and the `property` of setting-change events. */
export function toSpecNames<T>(value: T): T {
  if (Array.isArray(value)) return value.map(toSpecNames) as T;
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[toSpecName(k)] = k === "property" && typeof v === "string" ? toSpecName(v) : toSpecNames(v);
  }
  return out as T;
}
