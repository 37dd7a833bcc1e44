import type { Observed } from "../client/observed.ts";
import { responseText } from "../client/observed-params.ts";
import type { Poll, QueueBook } from "./context.ts";
import type { QuirkRequest } from "./hook.ts";

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The email of an HTTP Basic Authorization header (wire §2), or undefined. */
export function userOf(headers: QuirkRequest["headers"]): string | undefined {
  const raw = headers.authorization;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const m = /^Basic\s+(\S+)/i.exec(value ?? "");
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon > 0 ? decoded.slice(0, colon) : undefined;
}

/** Whether a path is the events endpoint (GET polls it, DELETE ends a queue). */
export const isEventsPath = (pathname: string): boolean => pathname === "/api/v1/events" || pathname === "/json/events";

/** A GET /events that names its queue in the query (clients send a GET's parameters there), counted in the book. */
export function pollOf(method: string, pathname: string, query: URLSearchParams, queues: QueueBook): Poll | undefined {
  if (method !== "GET" || !isEventsPath(pathname)) return undefined;
  const queueId = query.get("queue_id");
  if (queueId === null || queueId === "") return undefined;
  const raw = query.get("last_event_id");
  const last = raw !== null && /^-?\d+$/.test(raw.trim()) ? Number(raw) : undefined;
  return { queueId, lastEventId: last, dontBlock: query.get("dont_block") === "true", nth: queues.countPoll(queueId) };
}

/** An exchange's JSON response body (decompressed), parsed; undefined when there is none or it is not JSON. */
export function jsonBody(ex: Observed): unknown {
  const text = responseText(ex);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** "GET /api/v1/events?queue_id=…" as a line shows it: long paths shortened. */
export function requestLine(method: string, path: string): string {
  return `${method} ${path.length > 160 ? `${path.slice(0, 157)}…` : path}`;
}
