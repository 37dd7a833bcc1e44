import type { Observed } from "../client/observed.ts";

/**
 * What the forwarder (src/proxy/forward.ts) asks the quirk engine about each request, and what it may be told: the
 * whole contract between the two, so that the hook in the forwarder stays small and the quirks live here.
 */

/** One request as it arrived, before anything of it was forwarded (the body is never read: it streams on). */
export interface QuirkRequest {
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

/** An answer a quirk makes itself instead of the target's. */
export interface QuirkAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A quirk taking over a forwarded request before the target answered: its answer, or none (the connection is cut). */
export interface TakeOver {
  quirk: string;
  answer?: QuirkAnswer;
}

/**
 * Watches a forwarded request while the target has not answered. It is started once the request is on its way and
 * may call `takeOver` once; the forwarder says whether it could (false: the target's answer had begun, or the
 * client had gone). The function returned stops the watch; the forwarder calls it when the exchange ends.
 */
export type Watch = (takeOver: (t: TakeOver) => boolean) => () => void;

/** What the forwarder does with one request. An empty plan: forward it untouched. */
export interface QuirkPlan {
  /** The quirk that shaped the exchange (Observed.quirk); absent when none did. */
  quirk?: string;
  /** Wait this long first (then answer or forward). */
  delayMs?: number;
  /** Answer with this instead of forwarding. */
  answer?: QuirkAnswer;
  /** Headers added to the target's answer. */
  headers?: Record<string, string>;
  watch?: Watch;
}

export interface QuirkHook {
  plan: (req: QuirkRequest) => QuirkPlan;
  /** Each exchange once it ended, whatever made its answer: the engine learns queues from register answers. */
  seen?: (ex: Observed) => void;
}

/** The header on every answer a quirk made, so that whoever reads the traffic sees it was the quirk, not the server. */
export const QUIRK_HEADER = "x-chat-conformance-quirk";

/** Whether a quirk made the exchange's answer (or cut it), so that it says nothing of the target. */
export const madeByQuirk = (ex: Observed): boolean =>
  ex.responseHeaders?.[QUIRK_HEADER] !== undefined || (ex.quirk !== undefined && ex.status === undefined && ex.error !== undefined);
