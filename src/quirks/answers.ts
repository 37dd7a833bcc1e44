import { QUIRK_HEADER, type QuirkAnswer } from "./hook.ts";

/** A JSON answer in the API's envelope (wire §4), with the header that names the quirk that made it. */
export function jsonAnswer(quirk: string, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): QuirkAnswer {
  return {
    status,
    headers: { "content-type": "application/json", [QUIRK_HEADER]: quirk, ...headers },
    body: `${JSON.stringify(body)}\n`,
  };
}

/** 400 BAD_EVENT_QUEUE_ID for a queue the server no longer has (wire §9). */
export function badQueue(quirk: string, queueId: string): QuirkAnswer {
  return jsonAnswer(quirk, 400, { result: "error", msg: `Bad event queue ID: ${queueId}`, code: "BAD_EVENT_QUEUE_ID", queue_id: queueId });
}

/** A successful GET /events answer with these events. */
export function eventsAnswer(quirk: string, events: readonly Record<string, unknown>[]): QuirkAnswer {
  return jsonAnswer(quirk, 200, { result: "success", msg: "", events });
}

/** Seconds, as a line shows a wait the quirk chose. */
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 1000 ? 2 : 1)} s`;
