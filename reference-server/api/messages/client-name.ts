import type { IncomingMessage } from "node:http";

/** A message's `client` when the request names none: no User-Agent, or one that yields no name. */
export const DEFAULT_CLIENT = "API";

const NAME_END = new Set(["/", " "]);
const NOT_IN_NAME = new Set(["/", "("]);
const isDigit = (c: string): boolean => c >= "0" && c <= "9";

/**
 * The client name a real server records for a message, taken from the sender's User-Agent (a message's `client`,
 * wire §14's message object): the product token before its version, e.g. "ZulipTerminal/0.7.0 (Linux)" →
 * "ZulipTerminal", "Zulip Mobile 2.1" → "Zulip Mobile". The name is the first word, extended by any run of
 * characters that are no digit, "/" or "(", as far as the run reaches a space, a "/" or the end.
 */
export function clientName(userAgent: string | undefined): string {
  if (userAgent === undefined) return DEFAULT_CLIENT;
  let end = 0;
  while (end < userAgent.length && !NAME_END.has(userAgent[end]!)) end++;
  let best = end;
  for (let i = end; i < userAgent.length;) {
    const c = userAgent[i]!;
    if (NOT_IN_NAME.has(c) || isDigit(c)) break;
    i++;
    if (i === userAgent.length || NAME_END.has(userAgent[i]!)) best = i;
  }
  const name = userAgent.slice(0, best).trim();
  return name === "" ? DEFAULT_CLIENT : name;
}

/** The client name of a request's sender. */
export function requestClient(req: IncomingMessage): string {
  return clientName(req.headers["user-agent"]);
}
