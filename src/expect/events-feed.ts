import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { NetworkError, type ApiClient } from "../client/client.ts";
import type { FeedWatch } from "../client/events.ts";
import type { Exchange } from "../client/exchange.ts";
import { throttle } from "../client/rate-limit.ts";
import { catalog } from "../catalog/catalog.ts";
import { referenceControl } from "../target/control.ts";
import { longPollBudgetMs, type TargetInfo } from "../target/target.ts";
import { BlockedError, ConformanceFailure } from "./failure.ts";

declare module "vitest" {
  interface ProvidedContext {
    /**
     * A folder of the run's own where a worker that shows a target's events feed dead leaves a marker, so that every
     * worker (each its own process) blocks the tests that need events instead of waiting out their budgets.
     */
    eventsFeed?: string;
  }
}

/** The clause a feed that delivers nothing breaks: a waiting GET /events answers once an event arrives or a heartbeat is due. */
export const FEED_CLAUSE = "fl153.events.long-poll";

/** Extra time a GET /events may take beyond the heartbeat interval: a busy server, a slow network. */
const MARGIN_S = 10;
/** The probe waits at least this long: a generous budget beside a test's few seconds. */
const MIN_PROBE_S = 20;
/** A reference server's probe queue gets its heartbeat this soon (its control), so a live feed answers quickly. */
const PROBE_HEARTBEAT_S = 2;
/** How long a probe's verdict that the feed lives is trusted before another unmet wait probes again. */
const ALIVE_FOR_MS = 60_000;
/** Pause after an empty answer to a waiting poll, which should never come: the probe must not spin on one. */
const EMPTY_PAUSE_MS = 500;

/** Loaded only inside a vitest worker, for the run's marker folder. */
const vitest = process.env.VITEST ? await import("vitest") : undefined;

function markerDir(): string | undefined {
  try {
    return vitest?.inject("eventsFeed");
  } catch {
    // inject outside a test file's context (a unit test loading the module): no run-wide marker, only this process's.
    return undefined;
  }
}

/**
 * A target's key: its URL within its run. A server that closes frees its port for the next one (the self-tests start
 * hundreds), so the URL alone could name another server's feed.
 */
const feedKey = (target: TargetInfo): string => `${target.runId} ${target.url}`;

const markerFile = (dir: string, key: string) => join(dir, `${encodeURIComponent(key)}.json`);

/** Why each target's feed is dead, as this process knows it (from its own probe or another worker's marker). */
const dead = new Map<string, string>();
/** When this process last saw each target's feed deliver (a probe that passed), and the probe under way. */
const aliveAt = new Map<string, number>();
const probing = new Map<string, Promise<ConformanceFailure | null>>();
/** The failure a probe raised that no test has reported yet (a wait inside the state invariant may swallow it). */
let unreported: ConformanceFailure | undefined;

/** Why the events feed of `target` is known dead in this run, or null. */
export function feedDeadReason(target: TargetInfo): string | null {
  const key = feedKey(target);
  const known = dead.get(key);
  if (known !== undefined) return known;
  const dir = markerDir();
  if (dir === undefined) return null;
  try {
    const reason = (JSON.parse(readFileSync(markerFile(dir, key), "utf8")) as { reason: string }).reason;
    dead.set(key, reason);
    return reason;
  } catch {
    return null;
  }
}

/** A test that needs the events feed of a target whose feed the run has shown dead: blocked by FEED_CLAUSE's failure. */
export class FeedDeadError extends BlockedError {
  readonly clause = FEED_CLAUSE;
}

/** Throws the FeedDeadError of a test that needs the events feed of a target whose feed is known dead. */
export function assertFeedAlive(target: TargetInfo): void {
  const why = feedDeadReason(target);
  if (why !== null) throw new FeedDeadError(`prerequisite failed: ${why}`);
}

/**
 * The events clause's failure a probe raised in this process and no test has reported yet, once: the runner makes
 * it the verdict of the test during which it was raised (see runBehaviour).
 */
export function takeFeedFailure(): ConformanceFailure | undefined {
  const f = unreported;
  unreported = undefined;
  return f;
}

function markDead(target: TargetInfo, reason: string): void {
  const key = feedKey(target);
  dead.set(key, reason);
  const dir = markerDir();
  if (dir === undefined) return;
  try {
    mkdirSync(dir, { recursive: true });
    const file = markerFile(dir, key);
    writeFileSync(`${file}.${process.pid}`, JSON.stringify({ url: target.url, reason }));
    renameSync(`${file}.${process.pid}`, file);
  } catch {
    // The marker is a saving of time: without it each worker proves the feed dead for itself.
  }
}

/** The heartbeat interval a probe's queue is given, in seconds: the control's quick one on a reference server. */
function probeHeartbeatS(target: TargetInfo): number {
  return target.serverConfig?.referenceControl !== undefined ? PROBE_HEARTBEAT_S : (target.serverConfig?.heartbeatSeconds ?? 60);
}

/**
 * Whether the feed delivers at all, as the client `client` sees it: a queue of its own (message events), a direct
 * message to itself, and waiting GET /events until any event comes (the message's, a heartbeat, another test's).
 * A live feed delivers within the heartbeat interval even when one event type is broken, so that only a feed that
 * delivers nothing is judged dead, never one event's absence (its own test judges that). Null: alive, or the probe
 * could not be made (a register or send that failed is another clause's to judge); else the events clause's failure.
 */
async function probe(target: TargetInfo, client: ApiClient): Promise<ConformanceFailure | null> {
  const probeClient = client.as(client.credentials);
  const reg = await probeClient.post("/register", { event_types: ["message", "heartbeat"], fetch_event_types: [] }).catch(() => undefined);
  const queueId = reg?.json?.queue_id;
  if (reg?.status !== 200 || typeof queueId !== "string") return null;
  let lastEventId = Number(reg.json?.last_event_id ?? -1);
  const heartbeatS = probeHeartbeatS(target);
  if (target.serverConfig?.referenceControl !== undefined)
    await referenceControl(target, "heartbeat", { queue_id: queueId, seconds: PROBE_HEARTBEAT_S }, 5_000).catch(() => undefined);
  const budgetMs = Math.max(MIN_PROBE_S, heartbeatS + MARGIN_S) * 1000;
  let messageId: unknown;
  try {
    // Without the message (a send another clause's test judges) the heartbeat alone proves the feed alive.
    const me = await probeClient.get("/users/me").catch(() => undefined);
    const userId = me?.json?.user_id;
    if (typeof userId === "number") {
      const sent = await probeClient
        .post("/messages", { type: target.featureLevel >= 174 ? "direct" : "private", to: [userId], content: `${target.runId} events feed probe` })
        .catch(() => undefined);
      messageId = sent?.json?.id;
    }
    // Time held back by the target's rate limit is not the feed's lateness (src/client/rate-limit.ts).
    const started = Date.now();
    const heldAtStart = throttle.heldMs();
    const spent = () => Date.now() - started - (throttle.heldMs() - heldAtStart);
    let polls = 0;
    let last: Exchange | undefined;
    const answers: string[] = [];
    while (spent() < budgetMs) {
      const remaining = budgetMs - spent();
      polls++;
      let res;
      try {
        res = await probeClient.get("/events", { queue_id: queueId, last_event_id: lastEventId }, { abortAfterMs: remaining, timeoutMs: remaining + 1000 });
      } catch (e) {
        if (e instanceof NetworkError) {
          last = e.exchange;
          answers.push("no answer");
          break;
        }
        throw e;
      }
      last = res.exchange;
      const events = Array.isArray(res.json?.events) ? (res.json.events as Array<{ id?: unknown }>) : undefined;
      if (res.status === 200 && events?.length) return null;
      answers.push(res.status === 200 && events ? "an empty events list" : `HTTP ${res.status} ${res.text.slice(0, 120)}`);
      for (const ev of events ?? []) if (typeof ev.id === "number") lastEventId = Math.max(lastEventId, ev.id);
      await new Promise((r) => setTimeout(r, EMPTY_PAUSE_MS));
    }
    const seconds = Math.round(spent() / 1000);
    const request = last ? `${last.method} ${last.url}` : `GET /events?queue_id=${queueId}`;
    const reason = `the events feed of this target delivered nothing for ${seconds} s: ${request} (${[...new Set(answers)].join(", ") || "no answer"}), though ${typeof messageId === "number" ? "a message was sent to the queue's user and " : ""}its heartbeat was due after ${heartbeatS} s; ${FEED_CLAUSE} failed`;
    markDead(target, reason);
    return new ConformanceFailure(
      catalog().mustClause(FEED_CLAUSE),
      `a waiting GET /events to answer within ${Math.round(budgetMs / 1000)} s (its heartbeat due after ${heartbeatS} s, and a margin) with an event: the message the user sent itself, or the heartbeat`,
      `${polls} poll(s) in ${seconds} s, no event: ${[...new Set(answers)].join(", ") || "no answer"}`,
      last,
    );
  } finally {
    void probeClient.delete("/events", { queue_id: queueId }).catch(() => undefined);
    if (typeof messageId === "number") void probeClient.delete(`/messages/${messageId}`).catch(() => undefined);
  }
}

/**
 * The watch an event queue reader of `target` keeps on its feed (see FeedWatch): blocked once the run has shown the
 * feed dead; after a wait that ended unmet, one probe per process at a time proves the feed alive (trusted for a
 * minute) or dead (the marker for every worker, and the events clause's failure for the test that waited).
 */
export function feedWatch(target: TargetInfo, client: ApiClient): FeedWatch {
  const key = feedKey(target);
  return {
    pollTimeoutMs: longPollBudgetMs(target),
    assertAlive: () => assertFeedAlive(target),
    unmet: async () => {
      assertFeedAlive(target);
      if (Date.now() - (aliveAt.get(key) ?? -Infinity) < ALIVE_FOR_MS) return;
      let running = probing.get(key);
      const mine = running === undefined;
      if (!running) {
        running = probe(target, client).finally(() => probing.delete(key));
        probing.set(key, running);
      }
      const failure = await running;
      if (failure === null) {
        aliveAt.set(key, Date.now());
        return;
      }
      if (!mine) assertFeedAlive(target);
      unreported = failure;
      throw failure;
    },
  };
}

/** Whether an exchange is a GET /events (a long-poll or a dont_block read of a queue). */
export const isEventsPoll = (ex: Exchange): boolean => ex.method === "GET" && /\/api\/v1\/events$/.test(new URL(ex.url).pathname);

/**
 * What a GET /events that got no answer (a test's own long-poll, past its timeout) means for the test: blocked
 * when the run has shown the feed dead, the events clause's failure when a probe now shows it, or null when the feed
 * delivers (the network's or the harness's error stands).
 */
export async function unansweredPoll(target: TargetInfo, client: ApiClient): Promise<Error | null> {
  try {
    await feedWatch(target, client).unmet();
    return null;
  } catch (e) {
    if (e === unreported) unreported = undefined;
    return e as Error;
  }
}
