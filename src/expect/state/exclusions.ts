/**
 * Register keys that legitimately change without any event, so the invariant never compares them. A path is a
 * top-level key, or `key[].field` for a field of every element of a list. Each has the reason a client cannot
 * follow it from the events.
 */
export const EXCLUDED: ReadonlyArray<{ path: string; why: string }> = [
  { path: "queue_id", why: "each register makes a new queue" },
  { path: "last_event_id", why: "each register's own queue position" },
  { path: "server_timestamp", why: "the time of the fetch" },
  { path: "server_generation", why: "changes with a restart, which the restart event announces without the register's value" },
  { path: "presences", why: "presence ages with time (active becomes idle, then offline) and clients' pings update it without an event for every ping" },
  { path: "presence_last_update_id", why: "raised by every presence update of any user, most of which send no event" },
  { path: "streams[].is_recently_active", why: "derived from recent traffic: changes as time passes, announced by no event" },
  { path: "subscriptions[].is_recently_active", why: "derived from recent traffic: changes as time passes, announced by no event" },
  { path: "unsubscribed[].is_recently_active", why: "derived from recent traffic: changes as time passes, announced by no event" },
  { path: "never_subscribed[].is_recently_active", why: "derived from recent traffic: changes as time passes, announced by no event" },
  { path: "streams[].stream_weekly_traffic", why: "a traffic statistic the server recomputes periodically, announced by no event" },
  { path: "subscriptions[].stream_weekly_traffic", why: "a traffic statistic the server recomputes periodically, announced by no event" },
  { path: "unsubscribed[].stream_weekly_traffic", why: "a traffic statistic the server recomputes periodically, announced by no event" },
  { path: "never_subscribed[].stream_weekly_traffic", why: "a traffic statistic the server recomputes periodically, announced by no event" },
  {
    path: "streams[].first_message_id",
    why: "set by a channel's first message (or moved by deleting it), which no channel event announces; clients read it from the messages they fetch",
  },
  {
    path: "subscriptions[].first_message_id",
    why: "set by a channel's first message (or moved by deleting it), which no channel event announces; clients read it from the messages they fetch",
  },
  {
    path: "unsubscribed[].first_message_id",
    why: "set by a channel's first message (or moved by deleting it), which no channel event announces; clients read it from the messages they fetch",
  },
  {
    path: "never_subscribed[].first_message_id",
    why: "set by a channel's first message (or moved by deleting it), which no channel event announces; clients read it from the messages they fetch",
  },
];

/** Keys a register carries besides state: the server's identity (any *_feature_level, *_version, *_merge_base) and the envelope. */
export function isEnvelopeKey(key: string): boolean {
  return (
    ["result", "msg", "ignored_parameters_unsupported"].includes(key) ||
    key.endsWith("_feature_level") ||
    key.endsWith("_version") ||
    key.endsWith("_merge_base")
  );
}
