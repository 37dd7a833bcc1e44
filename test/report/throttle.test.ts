import { describe, expect, it } from "vitest";
import { catalog } from "../../src/catalog/catalog.ts";
import type { LaneRecord, ThrottleRecord } from "../../src/client/rate-limit.ts";
import { buildResults } from "../../src/results/build.ts";
import { renderHtml } from "../../src/report/html.ts";
import { ResultsSchema } from "../../src/results/schema.ts";
import { renderSummary } from "../../src/report/summary.ts";
import { summarizeThrottle } from "../../src/results/throttle.ts";
import { throttleLines } from "../../src/report/throttle-lines.ts";
import type { TargetInfo } from "../../src/target/target.ts";

/**
 * The run's requests and the rate limits they met (wire §18), as each worker's tests hand them over in their meta:
 * summed by persona (the role whose email the request carried), organization and bucket in results.json, one
 * "Throttled:" line in the summary, a section of the HTML, and "rate-limited" when the run could not wait.
 */

const target: TargetInfo = {
  kind: "url",
  url: "http://127.0.0.1:9991",
  featureLevel: 372,
  product: "chat",
  personas: { member: { email: "m@x", apiKey: "k", userId: 1 }, administrator: { email: "a@x", apiKey: "k", userId: 2 } },
  runId: "cc1",
  notes: [],
  rateLimit: { mode: "auto", maxWaitSeconds: 1800 },
};
const clause = catalog().clauses.find((c) => c.level <= 372 && c.until === undefined)!;

const lane = (over: Partial<LaneRecord> & Pick<LaneRecord, "email" | "bucket">): LaneRecord => ({
  origin: "http://127.0.0.1:9991",
  requests: 0,
  limited: 0,
  waitedMs: 0,
  resends: [],
  endpoints: {},
  ...over,
});

const worker1: ThrottleRecord = {
  lanes: [
    lane({
      email: "m@x",
      bucket: "api",
      requests: 300,
      limited: 2,
      waitedMs: 40_000,
      resends: [
        [1000, 1005],
        [2000, 2010],
      ],
      limit: "200",
      endpoints: { "POST /register": 100, "GET /users/me": 40 },
    }),
    lane({ email: "m@x", bucket: "events", requests: 50, endpoints: { "GET /events": 50 } }),
    lane({ email: "a@x", bucket: "api", requests: 20, endpoints: { "POST /users": 20 } }),
  ],
};
const worker2: ThrottleRecord = {
  lanes: [
    lane({ email: "m@x", bucket: "api", requests: 100, limited: 1, waitedMs: 30_000, resends: [[500, 499]], endpoints: { "POST /register": 60 } }),
    lane({ origin: "http://127.0.0.1:40001", email: "m@x", bucket: "api", requests: 7, endpoints: { "POST /messages": 7 } }),
    lane({ email: "made-by-a-test@x", bucket: "api", requests: 3, endpoints: { "GET /users/me": 3 } }),
  ],
};

describe("results.json throttle", () => {
  it("sums workers' lanes by persona, organization and bucket, with re-sends and top endpoints", () => {
    const t = summarizeThrottle(target, [worker1, worker2], target.rateLimit);
    expect(t).toMatchObject({ setting: "auto", maxWaitSeconds: 1800, requests: 480, limited: 3, waitedMs: 70_000, rateLimited: null });
    const member = t.personas[0]!;
    expect(member).toMatchObject({
      persona: "member",
      organization: "target",
      requests: 450,
      limited: 3,
      waitedMs: 70_000,
      resends: 3,
      earlyResends: 1,
      minResendMarginMs: -1,
    });
    expect(member.buckets).toEqual([
      { bucket: "api", requests: 400, limited: 3, waitedMs: 70_000, limit: "200" },
      { bucket: "events", requests: 50, limited: 0, waitedMs: 0, limit: null },
    ]);
    expect(member.topEndpoints.slice(0, 3)).toEqual([
      { endpoint: "POST /register", requests: 160 },
      { endpoint: "GET /events", requests: 50 },
      { endpoint: "GET /users/me", requests: 40 },
    ]);
    expect(t.personas.map((p) => `${p.organization} ${p.persona} ${p.requests}`)).toEqual([
      "target member 450",
      "target administrator 20",
      "target other accounts 3",
      "throw-away member 7",
    ]);
  });

  it("is part of the validated results document, absent from the test results", () => {
    const meta = {
      id: "a#one",
      title: "a",
      file: "suites/x.test.ts",
      clauses: [clause.id],
      status: "pass" as const,
      exchanges: [],
      durationMs: 1,
      throttle: worker1,
    };
    const doc = buildResults({
      target,
      faults: [],
      startedAt: new Date(0),
      durationMs: 1,
      tests: [meta],
      coverage: { tested: 0, testable: 0, untestable: 0, byArea: {}, byRelease: {}, untestedIds: [] },
      toolVersion: "0",
      eventCoverage: [],
      notRun: [],
      throttle: [worker2],
    });
    const parsed = ResultsSchema.parse(JSON.parse(JSON.stringify(doc)));
    expect(parsed.throttle?.requests).toBe(480);
    expect(parsed.tests[0]).not.toHaveProperty("throttle");
  });
});

describe("the summary and the HTML say it", () => {
  it("one Throttled line with the 429s and the time waited by persona; none when nothing was held", () => {
    const t = summarizeThrottle(target, [worker1, worker2], target.rateLimit);
    expect(throttleLines(t)).toEqual(["Throttled: 3 answers 429, 70 s waited (member 70 s); --rate-limit auto; 1 re-sent before the announced wait"]);
    expect(throttleLines(summarizeThrottle(target, [{ lanes: [lane({ email: "m@x", bucket: "api", requests: 5 })] }], target.rateLimit))).toEqual([]);
  });

  it("rate-limited: the line names the persona by role, the limit and the wait; the summary and HTML carry it", () => {
    const stopped: ThrottleRecord = {
      lanes: [lane({ email: "m@x", bucket: "api", requests: 21, limited: 1, limit: "20" })],
      rateLimited: {
        origin: "http://127.0.0.1:9991",
        email: "m@x",
        bucket: "api",
        limit: "20",
        announcedSeconds: 590.5,
        throttledSeconds: 0,
        maxWaitSeconds: 5,
      },
    };
    const meta = {
      id: "a#one",
      title: "a",
      file: "suites/x.test.ts",
      clauses: [clause.id],
      status: "blocked" as const,
      exchanges: [],
      durationMs: 1,
      throttle: stopped,
    };
    const doc = buildResults({
      target,
      faults: [],
      startedAt: new Date(0),
      durationMs: 1,
      tests: [meta],
      coverage: { tested: 0, testable: 0, untestable: 0, byArea: {}, byRelease: {}, untestedIds: [] },
      toolVersion: "0",
      eventCoverage: [],
      notRun: [],
    });
    const line = "rate-limited: persona member (API bucket at http://127.0.0.1:9991): limit 20 requests, a wait of 590.5 s announced, over --max-wait 5 s";
    expect(doc.throttle?.rateLimited?.line).toBe(line);
    expect(renderSummary(doc)).toContain(line);
    const html = renderHtml(doc);
    expect(html).toContain('id="h-throttle"');
    expect(html).toContain("rate-limited: persona member");
    expect(html).toContain("1×429");
  });
});
