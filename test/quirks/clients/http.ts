import { Agent, request } from "undici";
import { jsonBody } from "../../support/json-body.ts";

/** One answer as a test client reads it: the status, the Retry-After it stated, the JSON body if it was JSON. */
export interface Answer {
  status: number;
  retryAfterSeconds: number | undefined;
  json: Record<string, unknown> | undefined;
}

export interface Account {
  email: string;
  apiKey: string;
}

/**
 * The bare HTTP of the two test clients (careful.ts, naive.ts): one request, no retry, no policy. A connection the
 * server cut is an answer of status 0, so that each client decides for itself what a failure means.
 */
export function http(base: string, account: Account, userAgent: string) {
  const agent = new Agent({ headersTimeout: 120_000, bodyTimeout: 120_000 });
  const authorization = `Basic ${Buffer.from(`${account.email}:${account.apiKey}`).toString("base64")}`;
  async function send(method: string, path: string, form?: Record<string, string>, signal?: AbortSignal): Promise<Answer> {
    try {
      const res = await request(`${base}/api/v1${path}`, {
        method: method as "GET",
        dispatcher: agent,
        ...(signal ? { signal } : {}),
        headers: {
          authorization,
          "user-agent": userAgent,
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : null,
      });
      const text = await res.body.text();
      const json = jsonBody(text);
      const header = res.headers["retry-after"];
      const stated = header !== undefined ? Number(header) : typeof json?.["retry-after"] === "number" ? (json["retry-after"] as number) : NaN;
      return { status: res.statusCode, retryAfterSeconds: Number.isFinite(stated) ? stated : undefined, json };
    } catch {
      return { status: 0, retryAfterSeconds: undefined, json: undefined };
    }
  }
  return { send, close: () => agent.close() };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The feature level an answer names, in either product's spelling. */
export function featureLevelOf(json: Record<string, unknown> | undefined): number | undefined {
  const v = json?.["zulip_feature_level"] ?? json?.["chat_feature_level"];
  return typeof v === "number" ? v : undefined;
}

/** The highest event id of a GET /events answer, or `since` when it held none. */
export function highestEventId(json: Record<string, unknown> | undefined, since: number): number {
  const events = Array.isArray(json?.["events"]) ? (json["events"] as { id?: unknown }[]) : [];
  return events.reduce((max, e) => (typeof e.id === "number" && e.id > max ? e.id : max), since);
}
