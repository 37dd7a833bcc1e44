import { TEST_HEADER } from "../client/test-header.ts";
import { Checker } from "./checker.ts";
import { findingLine, type Finding } from "./findings.ts";
import { startForwarder } from "./forward.ts";
import { madeByQuirk, type QuirkHook } from "../quirks/hook.ts";
import { detectLevel, type TargetLevel } from "./level.ts";
import { sessionResults } from "./report.ts";
import type { Results } from "../results/schema.ts";
import { ClientJudge } from "../judge/judge.ts";

/** Findings kept per clause and severity for the report; the rest are counted (and printed) only. */
export const KEPT_PER_CLAUSE = 50;

export interface ProxyOptions {
  /** The target's URL: its origin and any path prefix the API sits under. */
  target: string;
  port?: number;
  host?: string;
  /** Each finding as it happens (the CLI prints its line). */
  onFinding?: (f: Finding, line: string) => void;
  /** Skips detection (tests that start the target themselves may know it). */
  level?: TargetLevel;
  /** Each throw-away organization the proxy starts forwarding for: the sibling's own URL and the proxied one. */
  onOrganization?: (real: string, proxied: string) => void;
  /** Extra certificate authorities for an https target (see ForwarderOptions.ca). */
  ca?: string | Buffer;
  /** Wire quirks made on the traffic (proxy --inject), throw-away organizations' included. */
  quirks?: QuirkHook;
}

export interface Proxy {
  url: string;
  level: TargetLevel;
  /** The findings kept for the report: every one up to KEPT_PER_CLAUSE per clause and severity (see counts). */
  findings: Finding[];
  /** How many findings of each "severity clause" were seen, kept or not. */
  counts: Map<string, number>;
  /** Resolves once every exchange seen so far has been checked. */
  settled: () => Promise<void>;
  results: () => Results;
  close: () => Promise<void>;
}

/** Normalises a target URL: its origin and path, without a trailing slash; throws on anything but http(s). */
export function targetBase(raw: string): string {
  const u = new URL(raw);
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new TypeError(`not an http(s) URL: ${raw}`);
  return u.origin + u.pathname.replace(/\/+$/, "");
}

/**
 * The level with a note of what was not raised, when there was any: request warnings excused as the suite's own
 * probes (probes.ts), and violations a Zulip target makes by design (the difference table's clauses).
 */
function withProbes(level: TargetLevel, probes: number, differences: number): TargetLevel {
  const notes = [...level.notes];
  if (probes > 0)
    notes.push(
      `${probes} request warning${probes === 1 ? "" : "s"} not raised: the suite's own tests probing their clause's level edge (named by their ${TEST_HEADER} header)`,
    );
  if (differences > 0)
    notes.push(
      `${differences} violation${differences === 1 ? "" : "s"} not raised: what Zulip does by design where the spec says otherwise (src/product/zulip-differences.ts, by clause)`,
    );
  return notes.length === level.notes.length ? level : { ...level, notes };
}

/** The reference control's operations that start and close a throw-away organization (reference-server/control/http.ts). */
const ORGANIZATION = "/reference-control/organization";
const ORGANIZATION_CLOSE = "/reference-control/organization/close";

/** One organization the proxy stands in front of: the target, or a throw-away one its control started. */
interface Organization {
  checker: Checker;
  /** The client clauses' judge of the clients of this organization (its queues and accounts are its own). */
  judge: ClientJudge;
  close: () => Promise<void>;
}

/**
 * The validation proxy: pass-through forwarding (forward.ts) with every exchange checked after its answer has
 * gone to the client (checker.ts), the findings kept for the report (report.ts), and each client's traffic judged
 * on the client clauses (src/judge), whose rows join the report.
 *
 * A reference server's throw-away organizations (sibling servers its control starts on ports of their own, for
 * tests that destroy an organization) are proxied too, so that a run through the proxy is checked whole: the
 * control's answer to POST /reference-control/organization names, instead of the sibling's own URL, a forwarder
 * the proxy opens for it on a free port beside its own, with a checker of its own (a sibling's queues and ids are
 * its own) whose findings join the session's; the close operation names that URL and is passed on with the
 * sibling's, and the sibling's forwarder closes with it (or with the proxy).
 */
export async function startProxy(o: ProxyOptions): Promise<Proxy> {
  const target = targetBase(o.target);
  const level = o.level ?? (await detectLevel(target));
  const host = o.host ?? "127.0.0.1";
  const findings: Finding[] = [];
  const counts = new Map<string, number>();
  const onFinding = (f: Finding) => {
    const key = `${f.severity} ${f.clause}`;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    // A break the server repeats on every event would otherwise hold every exchange of a long session in memory.
    if (n <= KEPT_PER_CLAUSE) findings.push(f);
    o.onFinding?.(f, findingLine(f));
  };
  const startedAt = new Date();
  let pending = Promise.resolve();
  const organizations: Organization[] = [];
  /** Throw-away organizations by their proxied origin: the real origin, and how to close their forwarder. */
  const siblings = new Map<string, { real: string; close: () => Promise<void> }>();

  async function serve(url: string, orgLevel: TargetLevel, port: number): Promise<{ url: string; org: Organization }> {
    const checker = new Checker(orgLevel, onFinding);
    const scope = organizations.length ? `throw-away organization ${organizations.length}` : undefined;
    const judge = new ClientJudge({ featureLevel: orgLevel.featureLevel, product: orgLevel.product, ...(scope ? { scope } : {}) });
    const forwarder = await startForwarder(
      {
        target: url,
        ...(o.ca !== undefined ? { ca: o.ca } : {}),
        ...(o.quirks !== undefined ? { quirks: o.quirks } : {}),
        onExchange: (ex) => {
          // An answer a quirk made (or a cut) is the proxy's own doing, not the target's: nothing to check of it. The
          // client met it all the same, and what it did next is what the client judge reads.
          const quirked = madeByQuirk(ex);
          // One at a time, in the order answers completed: a register is learnt before the polls of its queue.
          pending = pending
            .then(() => (quirked ? undefined : checker.check(ex)))
            .then(() => {
              judge.featureLevel = orgLevel.featureLevel;
              return judge.observe(ex);
            })
            .catch((e: unknown) => {
              process.emitWarning(`chat-conformance proxy: a check failed: ${(e as Error).message}`);
            });
        },
        rewrite: (method, path) => {
          const p = path.split("?")[0];
          if (method !== "POST") return undefined;
          if (p === ORGANIZATION) return { response: (status, body) => startSibling(status, body, orgLevel) };
          if (p === ORGANIZATION_CLOSE) {
            let closing: (() => Promise<void>) | undefined;
            return {
              request: (body) => {
                const r = closingSibling(body);
                closing = r.close;
                return r.body;
              },
              // Its port closes with it, before the answer, as the sibling's own did: a client that calls it
              // afterwards meets a closed port, never a proxy answering for an organization that is gone.
              response: async (_status, body) => {
                await closing?.();
                return body;
              },
            };
          }
          return undefined;
        },
      },
      host,
      port,
    );
    const org = { checker, judge, close: forwarder.close };
    organizations.push(org);
    return { url: forwarder.url, org };
  }

  /** The control started an organization: a forwarder for it, and its URL in the answer instead of the sibling's. */
  async function startSibling(status: number, body: Buffer, parentLevel: TargetLevel): Promise<Buffer> {
    let answer: unknown;
    try {
      answer = JSON.parse(body.toString("utf8"));
    } catch {
      return body;
    }
    if (status !== 200 || typeof answer !== "object" || answer === null || typeof (answer as { url?: unknown }).url !== "string") return body;
    const real = targetBase((answer as { url: string }).url);
    // Like its parent (the control starts it at the same level and product); its traffic teaches it the rest.
    const { url, org } = await serve(real, { featureLevel: parentLevel.featureLevel, product: parentLevel.product, notes: [] }, 0);
    siblings.set(url, { real, close: org.close });
    o.onOrganization?.(real, url);
    return Buffer.from(JSON.stringify({ ...answer, url }));
  }

  /** The close operation names the proxied URL: the control is given the sibling's, and the forwarder to close. */
  function closingSibling(body: Buffer): { body: Buffer; close?: () => Promise<void> } {
    let asked: unknown;
    try {
      asked = JSON.parse(body.toString("utf8"));
    } catch {
      return { body };
    }
    const url = typeof asked === "object" && asked !== null ? (asked as { url?: unknown }).url : undefined;
    if (typeof url !== "string") return { body };
    let origin: string;
    try {
      origin = targetBase(url);
    } catch {
      return { body };
    }
    const sibling = siblings.get(origin);
    if (!sibling) return { body };
    siblings.delete(origin);
    return { body: Buffer.from(JSON.stringify({ ...(asked as object), url: sibling.real })), close: sibling.close };
  }

  const main = await serve(target, level, o.port ?? 0);
  const sum = (f: (c: Checker) => number) => organizations.reduce((n, x) => n + f(x.checker), 0);
  const checked = () => {
    const all = new Map<string, number>();
    for (const { checker } of organizations) for (const [k, n] of checker.checked) all.set(k, (all.get(k) ?? 0) + n);
    return all;
  };
  return {
    url: main.url,
    level,
    findings,
    counts,
    settled: () => pending,
    results: () =>
      sessionResults({
        targetUrl: target,
        level: withProbes(
          level,
          sum((c) => c.probes),
          sum((c) => c.differences),
        ),
        startedAt,
        findings,
        counts,
        checked: checked(),
        exchanges: sum((c) => c.exchanges),
        events: sum((c) => c.events),
        clients: organizations.flatMap((x) => x.judge.results()),
      }),
    close: async () => {
      await Promise.all(organizations.map((x) => x.close()));
      await pending;
    },
  };
}
