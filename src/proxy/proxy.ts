import { Checker } from "./checker.ts";
import { findingLine, type Finding } from "./findings.ts";
import { startForwarder } from "./forward.ts";
import { detectLevel, type TargetLevel } from "./level.ts";
import { sessionResults } from "./report.ts";
import type { Results } from "../report/schema.ts";

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
  /** Extra certificate authorities for an https target (see ForwarderOptions.ca). */
  ca?: string | Buffer;
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
 * The validation proxy: pass-through forwarding (forward.ts) with every exchange checked after its answer has
 * gone to the client (checker.ts), the findings kept for the report (report.ts).
 */
export async function startProxy(o: ProxyOptions): Promise<Proxy> {
  const target = targetBase(o.target);
  const level = o.level ?? (await detectLevel(target));
  const findings: Finding[] = [];
  const counts = new Map<string, number>();
  const checker = new Checker(level, (f) => {
    const key = `${f.severity} ${f.clause}`;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    // A break the server repeats on every event would otherwise hold every exchange of a long session in memory.
    if (n <= KEPT_PER_CLAUSE) findings.push(f);
    o.onFinding?.(f, findingLine(f));
  });
  const startedAt = new Date();
  let pending = Promise.resolve();
  const forwarder = await startForwarder(
    {
      target,
      ...(o.ca !== undefined ? { ca: o.ca } : {}),
      onExchange: (ex) => {
        // One at a time, in the order answers completed: a register is learnt before the polls of its queue.
        pending = pending.then(() => checker.check(ex)).catch((e: unknown) => {
          process.emitWarning(`chat-conformance proxy: a check failed: ${(e as Error).message}`);
        });
      },
    },
    o.host ?? "127.0.0.1",
    o.port ?? 0,
  );
  return {
    url: forwarder.url,
    level,
    findings,
    counts,
    settled: () => pending,
    results: () => sessionResults({ targetUrl: target, level, startedAt, findings, counts, checked: checker.checked, exchanges: checker.exchanges, events: checker.events }),
    close: async () => {
      await forwarder.close();
      await pending;
    },
  };
}
