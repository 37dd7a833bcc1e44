import { WIRE_QUIRKS, type QuirkName } from "../../facts/quirks.ts";
import type { Observed } from "../client/observed.ts";
import { cutPoll } from "./cut-poll.ts";
import { earlyEmpty } from "./early-empty.ts";
import { fiveXxBurst } from "./five-xx.ts";
import { heartbeats } from "./heartbeats.ts";
import { latency } from "./latency.ts";
import { queueExpiry } from "./queue-expiry.ts";
import { QueueBook, type Quirk, type QuirkContext, type QuirkLevel, type QuirkWatch } from "./context.ts";
import { madeByQuirk, type QuirkAnswer, type QuirkHook, type QuirkPlan, type QuirkRequest, type Watch } from "./hook.ts";
import { rateLimit } from "./rate-limit.ts";
import { restart } from "./restart.ts";
import { isObject, jsonBody, pollOf, requestLine, userOf } from "./request.ts";

/**
 * The wire quirks in the order they are asked about each request: a reverse proxy's 5xx comes before the server
 * sees anything, its rate limit before the view (a 429 before a BAD_EVENT_QUEUE_ID), the queue's fate before the
 * long-poll's, and latency only on what is forwarded.
 */
const MAKERS: ReadonlyArray<readonly [QuirkName, (seed: number) => Quirk]> = [
  ["5xx-burst", fiveXxBurst],
  ["rate-limit", rateLimit],
  ["restart", restart],
  ["queue-expiry", queueExpiry],
  ["early-empty", earlyEmpty],
  ["cut-poll", cutPoll],
  ["heartbeats", heartbeats],
  ["latency", latency],
];

/** serve --quirks answers this path itself with the log of firings (a JSON array of QuirkFiring). */
export const QUIRK_LOG_PATH = "/reference-control/quirks";
/** Firings kept for the log; older ones are dropped (a long session would otherwise grow without end). */
export const LOG_KEPT = 10_000;
export const DEFAULT_QUIRK_SEED = 1;

/** The paths whose answers the engine reads (seen). */
const LEARNT_FROM = new Set(["/api/v1/register", "/json/register", "/api/v1/server_settings"]);

/** One firing: when, which quirk, the request it met, what it did. */
export interface QuirkFiring {
  time: string;
  quirk: string;
  request: string;
  done: string;
}

export const firingLine = (f: QuirkFiring): string => `quirk ${f.quirk}: ${f.request} ${f.done}`;

/** "7 quirk firings: queue-expiry 2, latency 5", or that none fired. */
export function firingsSummary(log: readonly QuirkFiring[]): string {
  if (log.length === 0) return "no quirk fired";
  const by = new Map<string, number>();
  for (const f of log) by.set(f.quirk, (by.get(f.quirk) ?? 0) + 1);
  return `${log.length} quirk firing${log.length === 1 ? "" : "s"}: ${[...by].map(([q, n]) => `${q} ${n}`).join(", ")}`;
}

export interface QuirkEngineOptions {
  /** The wire quirks to make (data quirk names are ignored: the reference server makes those). */
  quirks: readonly QuirkName[];
  seed?: number;
  level: QuirkLevel;
  /** Each firing as it happens, with its line. */
  onFiring?: (f: QuirkFiring, line: string) => void;
  /** Answer GET QUIRK_LOG_PATH with the log (serve's front; a proxy forwards it). */
  answersLog?: boolean;
  /** Milliseconds, monotonic (tests replace it). */
  now?: () => number;
  /** Multiplies every wait the quirks choose: tests shrink it; the schedules are unchanged. */
  timeScale?: number;
}

/** The wire quirks' engine: one instance per session, asked about each request in the order they arrive. */
export class QuirkEngine implements QuirkHook {
  readonly log: QuirkFiring[] = [];
  readonly names: readonly QuirkName[];
  private readonly quirks: Quirk[];
  private readonly ctx: QuirkContext;
  private count = 0;

  constructor(private readonly o: QuirkEngineOptions) {
    const seed = o.seed ?? DEFAULT_QUIRK_SEED;
    const wanted = new Set(o.quirks.filter((q) => WIRE_QUIRKS.includes(q)));
    this.quirks = MAKERS.filter(([name]) => wanted.has(name)).map(([, make]) => make(seed));
    this.names = this.quirks.map((q) => q.name);
    this.ctx = { level: o.level, queues: new QueueBook(), now: o.now ?? (() => performance.now()), timeScale: o.timeScale ?? 1 };
  }

  /** A firing made elsewhere, for the same log: the data quirks' lines, which the reference server made at start. */
  note(quirk: string, request: string, done: string): void {
    this.fire(quirk, request, done);
  }

  private fire(quirk: string, request: string, done: string): void {
    const f: QuirkFiring = { time: new Date().toISOString(), quirk, request, done };
    this.log.push(f);
    if (this.log.length > LOG_KEPT) this.log.splice(0, this.log.length - LOG_KEPT);
    this.o.onFiring?.(f, firingLine(f));
  }

  plan(req: QuirkRequest): QuirkPlan {
    const q = req.path.indexOf("?");
    const pathname = q < 0 ? req.path : req.path.slice(0, q);
    const query = new URLSearchParams(q < 0 ? "" : req.path.slice(q + 1));
    if (pathname === QUIRK_LOG_PATH && this.o.answersLog) {
      if (req.method !== "GET") return { answer: { status: 405, headers: { allow: "GET", "content-type": "text/plain" }, body: "GET only\n" } };
      return { answer: { status: 200, headers: { "content-type": "application/json" }, body: `${JSON.stringify(this.log)}\n` } };
    }
    // The reference control is the harness's, not the API's: never quirked, never counted.
    if (pathname.startsWith("/reference-control/")) return {};
    const line = requestLine(req.method, req.path);
    const call = {
      method: req.method,
      pathname,
      query,
      user: userOf(req.headers),
      number: ++this.count,
      poll: pollOf(req.method, pathname, query, this.ctx.queues),
    };
    const headers: Record<string, string> = {};
    const watches: Watch[] = [];
    let delayMs = 0;
    let shapedBy: string | undefined;
    for (const quirk of this.quirks) {
      const v = quirk.decide(call, this.ctx);
      if (!v) continue;
      if (v.headers) Object.assign(headers, v.headers);
      if (v.done) this.fire(quirk.name, line, v.done);
      if (v.answer) {
        const answer: QuirkAnswer = { ...v.answer, headers: { ...headers, ...v.answer.headers } };
        return { quirk: quirk.name, answer, ...(v.delayMs ? { delayMs: v.delayMs } : {}) };
      }
      if (v.delayMs) {
        delayMs += v.delayMs;
        shapedBy ??= quirk.name;
      }
      if (v.watch) watches.push(this.named(quirk.name, line, v.watch));
    }
    const plan: QuirkPlan = {};
    if (shapedBy) plan.quirk = shapedBy;
    if (delayMs) plan.delayMs = delayMs;
    if (Object.keys(headers).length) plan.headers = headers;
    if (watches.length)
      plan.watch = (takeOver) => {
        const stops = watches.map((w) => w(takeOver));
        return () => stops.forEach((s) => s());
      };
    return plan;
  }

  /** A quirk's watch as the forwarder runs it: its take-over names the quirk, and fires its line once it took. */
  private named(quirk: string, line: string, watch: QuirkWatch): Watch {
    return (takeOver) =>
      watch((t) => {
        const took = takeOver({ quirk, ...(t.answer ? { answer: t.answer } : {}) });
        if (took) this.fire(quirk, line, t.done);
        return took;
      });
  }

  seen(ex: Observed): void {
    // Only the few answers that say what the quirks need are read: a register says its queue's id before any poll
    // names it (and the server's version), server_settings the version.
    if (ex.status !== 200 || madeByQuirk(ex) || !LEARNT_FROM.has(ex.path.split("?")[0]!)) return;
    const body = jsonBody(ex);
    if (!isObject(body)) return;
    if (typeof body.queue_id === "string") this.ctx.queues.learn(body.queue_id);
    for (const quirk of this.quirks) quirk.learn?.(body, this.ctx);
  }
}
