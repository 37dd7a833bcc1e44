/**
 * The quirks: legal behaviours of a real server that a careful client survives and a naive one does not (Pebble's
 * rule: vary only within what the API allows, and say so every time). Both sides name them: `serve --quirks` and
 * `proxy --inject` take these names, the reference server applies the data quirks when it seeds, and the client
 * judge's clauses name the quirk that exercises them.
 *
 * wire: made on the wire between a client and any server (the proxy's and serve's front); data: the organization a
 * client logs in to, so only `serve` makes them.
 */
export type QuirkKind = "wire" | "data";

export interface QuirkFact {
  name: string;
  kind: QuirkKind;
  /** What the server does, in one sentence. */
  does: string;
  /** What a correct client does about it. */
  client: string;
}

export const QUIRKS = [
  {
    name: "rate-limit",
    kind: "wire",
    does: "limits each user, tighter than real servers' defaults as an operator may: N requests in any 10 s (N from the seed, 15–30; GET /events: a burst of 20, then one per 0.3 s); over it, 429 RATE_LIMIT_HIT with Retry-After",
    client: "waits as long as Retry-After says before its next request, and then sends it again",
  },
  {
    name: "queue-expiry",
    kind: "wire",
    does: "expires each event queue early, at a poll the seed draws from its 3rd to its 6th, as a server does that collected it while the client slept: that poll and every later one is 400 BAD_EVENT_QUEUE_ID",
    client: "registers a new queue, refetches the state it holds, and never polls the dead queue again",
  },
  {
    name: "restart",
    kind: "wire",
    does: "restarts at a request the seed draws (the 10th–20th, then every 40–80), losing every event queue: an open poll gets the restart event (immediate: false before FL240, web_reload_client after it from FL240), a queue with no poll open gets it on its next poll, every later poll is BAD_EVENT_QUEUE_ID",
    client: "re-registers once for each lost queue, without a burst of retries",
  },
  {
    name: "heartbeats",
    kind: "wire",
    does: "answers 6 in 10 idle long-polls (last_event_id 0 or more) with a heartbeat after a wait the seed draws from 1–20 s, not always after 50 s",
    client: "polls again at once with the same last_event_id; never treats an early heartbeat as an error",
  },
  {
    name: "early-empty",
    kind: "wire",
    does: "answers 3 in 10 long-polls (from a queue's 2nd) at once with no events, as a server shutting a poll down does",
    client: "polls again with the same last_event_id",
  },
  {
    name: "cut-poll",
    kind: "wire",
    does: "closes 1 in 4 long-polls' connections (from a queue's 2nd) 0.5–5 s in, before any answer, as a reverse proxy timing out does",
    client: "polls the same queue again after a short wait, with the same last_event_id",
  },
  {
    name: "5xx-burst",
    kind: "wire",
    does: "answers every request with 502 or 503 (an HTML page) for 2–5 s, from a request the seed draws (the 8th–20th, then 30–60 after each burst), open long-polls too, as a server restarting behind a reverse proxy does",
    client: "retries with a growing wait (backoff), never in a tight loop",
  },
  {
    name: "latency",
    kind: "wire",
    does: "delays answers by a draw from a long-tailed distribution (median 150 ms, one in a hundred over 2 s)",
    client: "keeps working: no timeout shorter than the server's long-poll timeout (event_queue_longpoll_timeout_seconds)",
  },
  {
    name: "no-messages",
    kind: "data",
    does: "an organization where the client's user has no messages at all, not even a welcome message (named with quirks that seed history, it gives way to them)",
    client: "shows an empty view; an empty GET /messages answer (found_newest, no anchor message) is no error",
  },
  {
    name: "huge-ids",
    kind: "data",
    does: "message ids far apart and above 2^31",
    client: "keeps ids as 64-bit integers (or floats exact to 2^53) and never assumes ids are dense",
  },
  {
    name: "empty-topic",
    kind: "data",
    does: "messages in the empty topic, at the levels that allow it",
    client: 'shows the empty topic by realm_empty_topic_display_name, or declares empty_topic_name to see it as ""',
  },
  {
    name: "long-content",
    kind: "data",
    does: "messages as long as the server allows (max_message_length)",
    client: "renders them without truncating the stored text or failing",
  },
  {
    name: "inaccessible-user",
    kind: "data",
    does: 'messages from a user the client\'s user cannot access ("Unknown user"), at the levels with restricted user access (only guests can be restricted: the guest persona meets them)',
    client: "shows the sender as unknown instead of failing to find them in realm_users",
  },
  {
    name: "deactivated-senders",
    kind: "data",
    does: "messages whose senders are deactivated",
    client: "finds the sender among the deactivated users (or fetches them) and shows their messages",
  },
  {
    name: "unsubscribed-history",
    kind: "data",
    does: "history in a public channel the client's user is not subscribed to",
    client: "shows messages of a channel absent from its subscriptions, from the channel list (never_subscribed or GET /streams)",
  },
] as const satisfies readonly QuirkFact[];

export type QuirkName = (typeof QUIRKS)[number]["name"];

export const WIRE_QUIRKS: readonly QuirkName[] = QUIRKS.filter((q) => q.kind === "wire").map((q) => q.name);
export const DATA_QUIRKS: readonly QuirkName[] = QUIRKS.filter((q) => q.kind === "data").map((q) => q.name);

const NAMES: ReadonlySet<string> = new Set(QUIRKS.map((q) => q.name));

/** Whether `name` names a quirk (of either kind). */
export function isQuirkName(name: string): name is QuirkName {
  return NAMES.has(name);
}
