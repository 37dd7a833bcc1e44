import { CAPABILITY_LEVELS } from "../client/capabilities.ts";
import { capabilitiesOf } from "../client/observed-params.ts";
import { isRegister, succeeded, type Seen } from "./seen.ts";
import { Deferred, Tally, type RuleFactory } from "./rule.ts";

/** A JSON list parameter's strings; [] when absent or not a list. */
function stringsOf(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Whether a narrow (JSON: a list of {operator, operand} objects or [operator, operand] pairs) names the empty topic. */
function narrowsOnEmptyTopic(raw: string | undefined): boolean {
  if (raw === undefined) return false;
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return false;
    return v.some((t: unknown) => {
      const [op, operand] = Array.isArray(t) ? t : [(t as { operator?: unknown })?.operator, (t as { operand?: unknown })?.operand];
      return op === "topic" && operand === "";
    });
  } catch {
    return false;
  }
}

/**
 * The capabilities a request shows the client relies on, each with what shows it. The evidence is read from the
 * client's own requests only: what it asks for or sends, never what it does with an answer.
 */
export function reliedOn(s: Seen): Array<{ capability: string; because: string }> {
  const out: Array<{ capability: string; because: string }> = [];
  if (s.method === "POST" && s.path === "/typing") {
    const type = s.params.get("type");
    if (type === "stream" || type === "channel")
      out.push({ capability: "stream_typing_notifications", because: `it sends typing notifications for a channel (type '${type}')` });
  }
  if (isRegister(s)) {
    const asked = [...stringsOf(s.params.get("event_types")), ...stringsOf(s.params.get("fetch_event_types"))];
    if (asked.includes("user_settings")) out.push({ capability: "user_settings_object", because: "it asks POST /register for user_settings" });
  }
  if (s.method === "POST" && s.path === "/messages" && (s.params.get("topic") === "" || s.params.get("subject") === ""))
    out.push({ capability: "empty_topic_name", because: "it sends a message to the empty topic" });
  if (s.method === "GET" && s.path === "/messages" && narrowsOnEmptyTopic(s.params.get("narrow")))
    out.push({ capability: "empty_topic_name", because: "it narrows GET /messages on the empty topic" });
  return out;
}

/**
 * client.declares-capabilities: each request that shows reliance on a capability (reliedOn) needs the client's
 * last successful register sent before it (or the register itself, for what a register asks) to have
 * declared it, where the server's level knows it. One instance per such request after a register. Registers count
 * by when they were sent, and other requests are judged SETTLE_MS later (Deferred): the proxy may hand a request on
 * before the register it follows.
 */
export const declaresCapabilities: RuleFactory = (_clause, facts) => {
  const tally = new Tally();
  const registers: Array<{ sent: number; caps: Record<string, boolean> }> = [];
  const judge = (s: Seen, own: Record<string, boolean> | undefined, into: Tally) => {
    const caps = own ?? registers.filter((r) => r.sent < s.start).at(-1)?.caps;
    if (caps === undefined) return;
    for (const r of reliedOn(s)) {
      if ((CAPABILITY_LEVELS[r.capability] ?? 0) > facts.featureLevel) continue;
      into.judged++;
      if (caps[r.capability] !== true)
        into.breach(
          `client_capabilities declaring ${r.capability} in the register, since ${r.because}`,
          own ? "this register does not declare it" : "the client's register before this request did not declare it",
          s,
        );
    }
  };
  const later = new Deferred<Seen>((s, into) => judge(s, undefined, into));
  return {
    see(s) {
      const own = isRegister(s) ? capabilitiesOf(s.params.get("client_capabilities")) : undefined;
      if (own) judge(s, own, tally);
      else if (reliedOn(s).length) later.add(s.start, s);
      if (isRegister(s) && succeeded(s) && own) {
        registers.push({ sent: s.start, caps: own });
        registers.sort((a, b) => a.sent - b.sent);
        if (registers.length > 20) registers.shift();
      }
      later.flush(s.end, tally);
    },
    verdict() {
      return later.finish(tally).verdict("requests that rely on a capability", "no request of the client relied on a capability's format after a register");
    },
  };
};
