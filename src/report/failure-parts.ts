/**
 * The parts of the one failure format (src/expect/failure.ts, formatFailure), read back from a test's message so
 * that the HTML can show each once: the clause's words, want and got, the exchange, the curl line. The message
 * holds all of them as text; shown raw, the exchange appeared twice (in the message and in the exchanges) and the
 * curl line sat at the bottom of a scrolled box.
 *
 *   [fl153.server.missing-parameter] spec: A request that lacks … naming the parameter.
 *     want: HTTP 400 with result "error" and code REQUEST_VARIABLE_MISSING at code
 *     got:  code "BAD_REQUEST" (string)
 *     exchange:
 *       > POST http://…/api/v1/messages
 *       > type=private&to=%5B11%5D
 *       < 400 {"result":"error",…}
 *     reproduce: curl -sS -X POST …
 *
 * Text before the clause line is kept as `lead` ("prerequisite failed: …" on a blocked test, "expected to fail
 * (…): reason" from an expectations file). A message that does not follow the format gives undefined, and the
 * report shows it as it is.
 */
export interface FailureParts {
  lead: string;
  clause: string;
  says: string;
  want: string;
  got: string;
  /** The exchange as the message describes it ("> METHOD URL", "> body", "< STATUS body"), unindented. */
  exchange?: { text: string; method: string; url: string; status?: number };
  curl?: string;
}

const CLAUSE_LINE = /^\[([^\]\s]+)\] spec: ?/m;
const WANT = "  want: ";
const GOT = /^ {2}got: {1,2}/;
const EXCHANGE = "  exchange:";
const REPRODUCE = "  reproduce: ";

export function failureParts(message: string | undefined): FailureParts | undefined {
  if (!message) return undefined;
  const m = CLAUSE_LINE.exec(message);
  if (!m || m.index === undefined) return undefined;
  const lead = message.slice(0, m.index).trim();
  const lines = message.slice(m.index + m[0].length).split("\n");
  let i = 0;
  const take = (stop: (l: string) => boolean): string[] => {
    const out: string[] = [];
    while (i < lines.length && !stop(lines[i]!)) out.push(lines[i++]!);
    return out;
  };
  const says = take((l) => l.startsWith(WANT))
    .join("\n")
    .trim();
  if (i >= lines.length) return undefined;
  lines[i] = lines[i]!.slice(WANT.length);
  const want = take((l) => GOT.test(l))
    .join("\n")
    .trim();
  if (i >= lines.length) return undefined;
  lines[i] = lines[i]!.replace(GOT, "");
  const got = take((l) => l === EXCHANGE || l.startsWith(REPRODUCE))
    .join("\n")
    .trim();
  const parts: FailureParts = { lead, clause: m[1]!, says, want, got };
  if (lines[i] === EXCHANGE) {
    i++;
    // Every line of the exchange, a multi-line body's too, is indented by four spaces.
    const text = take((l) => !l.startsWith("    "))
      .map((l) => l.slice(4))
      .join("\n");
    const head = /^> (\S+) (\S+)/.exec(text);
    const status = /^< (\d{3})\b/m.exec(text);
    if (head) parts.exchange = { text, method: head[1]!, url: head[2]!, ...(status ? { status: Number(status[1]) } : {}) };
  }
  if (lines[i]?.startsWith(REPRODUCE)) {
    // The curl line runs to the end: a body quoted in it may hold newlines.
    parts.curl = [lines[i]!.slice(REPRODUCE.length), ...lines.slice(i + 1)].join("\n").trimEnd();
    i = lines.length;
  }
  // Anything after the format's last part means the message is not one failure: show it as it is.
  return lines.slice(i).join("").trim() === "" ? parts : undefined;
}
