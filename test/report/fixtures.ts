import { ResultsSchema, type Results, type ResultStatus, type TestResult } from "../../src/results/schema.ts";

/** Hand-built results documents for the renderer tests and the example page. */

export function tr(partial: Partial<TestResult> & { id: string; status: ResultStatus }): TestResult {
  return {
    title: partial.id,
    file: "suites/example.test.ts",
    clauses: ["fl200.messages.example"],
    level: 200,
    area: "messages",
    strength: "must",
    tags: ["field"],
    exchanges: [],
    durationMs: 12,
    ...partial,
  };
}

/** A valid document around the tests: counts derived from them, validated with ResultsSchema. */
export function results(tests: TestResult[], over: Partial<Omit<Results, "tests">> = {}): Results {
  const byStatus: Record<ResultStatus, number> = {
    pass: 0,
    fail: 0,
    "n/a": 0,
    skipped: 0,
    blocked: 0,
    error: 0,
    unverifiable: 0,
    "expected-fail": 0,
    "unexpected-pass": 0,
  };
  for (const t of tests) byStatus[t.status]++;
  const bad = tests.filter((t) => t.strength === "must" && (t.status === "fail" || t.status === "blocked" || t.status === "error"));
  const first = bad.slice().sort((a, b) => a.level - b.level)[0];
  const doc: Results = {
    schemaVersion: 2,
    tool: { name: "chat-conformance", version: "0.1.0" },
    startedAt: "2025-01-15T10:20:30.000Z",
    durationMs: 8421,
    target: { kind: "reference", url: "http://127.0.0.1:9991", featureLevel: 250, release: "9.x", product: "chat", notes: [], faults: [] },
    summary: {
      total: tests.length,
      byStatus,
      mustProblems: bad.length,
      shouldFailures: tests.filter((t) => t.strength === "should" && t.status === "fail").length,
      unverifiableClauses: new Set(tests.filter((t) => t.status === "unverifiable").flatMap((t) => t.clauses)).size,
    },
    verifiedLevel: first ? first.level - 1 : tests.some((t) => t.status === "pass") ? 250 : null,
    partial: null,
    strict: false,
    firstFailure: first ? { clause: first.clauses[0] ?? "", level: first.level, test: first.id } : null,
    coverage: { tested: 0, testable: 0, untestable: 0, byArea: {}, byRelease: {}, untestedIds: [] },
    tests,
    ...over,
  };
  return ResultsSchema.parse(doc);
}

const AREAS = ["server", "register", "events", "messages", "channels", "users", "errors"] as const;
const TAGS = ["field", "parameter", "event", "error", "access", "deprecated-alias", "empty-topic", "renamed", "capability", "limit"];
const LEVELS = [
  153, 154, 155, 160, 163, 167, 172, 176, 180, 183, 189, 192, 195, 200, 204, 207, 215, 226, 233, 240, 245, 250, 255, 262, 270, 285, 300, 320, 350,
];
const TITLES = [
  "returns zulip_feature_level in server_settings",
  "accepts an empty topic name when the client declares empty_topic_name",
  "rejects a message to a channel the sender cannot post in",
  "sends a message event to every subscriber",
  "keeps the deprecated subject field beside topic",
  "returns BAD_REQUEST with code INVALID_API_KEY for a wrong key",
  "fetches messages anchored at first_unread",
  "renames stream_id to channel_id in events",
  "limits topic names to 60 characters",
  "reports presence with last_active_time",
];

/** A realistic run of 60 tests at FL 250: mostly passes, some n/a above the level, failures with evidence. */
export function exampleResults(): Results {
  const tests: TestResult[] = [];
  for (let i = 0; i < 60; i++) {
    const problem = [7, 19, 23, 29, 33, 41, 52, 56].includes(i);
    // Early levels conform; the problems sit from FL 204 on, so the verified level is realistic.
    const level = problem
      ? ([204, 226, 233, 240, 245, 215, 207, 250][[7, 19, 23, 29, 33, 41, 52, 56].indexOf(i)] ?? 240)
      : (LEVELS[(i * 7) % LEVELS.length] ?? 200);
    const area = AREAS[i % AREAS.length] ?? "messages";
    const title = `${TITLES[i % TITLES.length] ?? "works"}${i >= TITLES.length ? ` (case ${Math.floor(i / TITLES.length) + 1})` : ""}`;
    let status: ResultStatus = level > 250 ? "n/a" : "pass";
    if ([7, 19, 33, 41, 52].includes(i) && level <= 250) status = "fail";
    if (i === 23) status = "error";
    if (i === 29) status = "blocked";
    if (i === 11) status = "skipped";
    if (i === 47) status = "expected-fail";
    if (i === 38) status = "unverifiable";
    if (i === 56) status = "unexpected-pass";
    const slug = title
      .replace(/[^a-z0-9]+/gi, "-")
      .toLowerCase()
      .slice(0, 32)
      .replace(/-$/, "");
    const primary = `fl${level}.${area}.${slug}`;
    const t: TestResult = tr({
      id: `suites/${area}/${area}.test.ts > ${title}`,
      title,
      file: `suites/${area}/${area}.test.ts`,
      clauses: i % 4 === 0 ? [primary, `fl${level}.${area}.related-clause`] : [primary],
      level,
      area,
      strength: i % 5 === 0 ? "should" : "must",
      tags: [TAGS[i % TAGS.length] ?? "field", ...(i % 3 === 0 ? [TAGS[(i + 3) % TAGS.length] ?? "event"] : [])],
      status,
      durationMs: 5 + ((i * 37) % 180),
    });
    if (status === "n/a") t.message = `clause applies from FL ${level}; the target is at FL 250`;
    if (status === "skipped") t.message = "needs a second organisation; the target has one";
    if (status === "unverifiable") {
      t.message = "the target declares no JWT key (serverConfig.jwtKey): JWT authentication cannot be exercised";
      t.remedy = "add serverConfig.jwtKey (the organization's HS256 JWT key) to the personas file";
    }
    if (status === "blocked") t.message = "blocked: could not create the fixture channel (POST /api/v1/users/me/subscriptions returned 500)";
    if (status === "fail" || status === "error" || status === "unexpected-pass" || status === "expected-fail") {
      t.message =
        status === "error"
          ? "TypeError: Cannot read properties of undefined (reading 'id')\n    at suites/events/queue.test.ts:88:31"
          : `expected response.${area === "events" ? "events[0].type" : "result"} to equal "success"\n  received: "error"\n  at ${primary}: the server must answer 200 with result "success"`;
      t.curl = `curl -sS -X POST 'http://127.0.0.1:9991/api/v1/messages' -u "iago@zulip.com:$API_KEY" --data-urlencode 'type=stream' --data-urlencode 'to=Denmark' --data-urlencode 'topic=<script>alert(1)</script>'`;
      t.exchanges = [
        {
          method: "POST",
          url: "http://127.0.0.1:9991/api/v1/register",
          requestHeaders: { authorization: "Basic <iago@zulip.com:API_KEY>" },
          requestBody: "event_types=%5B%22message%22%5D&client_capabilities=%7B%22empty_topic_name%22%3Atrue%7D",
          status: 200,
          responseBody: JSON.stringify({ result: "success", msg: "", queue_id: "1715-4", last_event_id: -1, zulip_feature_level: 250 }),
          durationMs: 9,
        },
        {
          method: "POST",
          url: "http://127.0.0.1:9991/api/v1/messages",
          requestHeaders: { authorization: "Basic <iago@zulip.com:API_KEY>" },
          requestBody: "type=stream&to=Denmark&topic=%3Cscript%3Ealert(1)%3C%2Fscript%3E&content=hello",
          status: i === 33 ? 500 : 400,
          responseBody: JSON.stringify({ result: "error", msg: "Invalid topic <script>alert('x')</script>", code: "BAD_REQUEST" }),
          durationMs: 14,
        },
      ];
    }
    tests.push(t);
  }
  const problems = tests.filter((t) => t.strength === "must" && (t.status === "fail" || t.status === "blocked" || t.status === "error"));
  const first = problems.slice().sort((a, b) => a.level - b.level)[0];
  return results(tests, {
    target: {
      kind: "reference",
      url: "http://127.0.0.1:9991",
      featureLevel: 250,
      release: "9.x",
      product: "chat",
      notes: ["reference server started by the harness", "fault injection enabled: drop-subject-alias"],
      faults: ["drop-subject-alias"],
    },
    verifiedLevel: first ? first.level - 1 : 250,
    coverage: {
      tested: 212,
      testable: 318,
      untestable: 41,
      byArea: {
        server: { tested: 22, testable: 25 },
        register: { tested: 30, testable: 41 },
        events: { tested: 48, testable: 80 },
        messages: { tested: 61, testable: 92 },
        channels: { tested: 20, testable: 44 },
        users: { tested: 19, testable: 24 },
        errors: { tested: 12, testable: 12 },
      },
      untestedIds: [
        "fl255.messages.edit-history-visibility",
        "fl262.channels.folder-id",
        "fl270.events.typing-channel-id",
        "fl300.users.<b>imported</b>",
        "fl320.realm.can-create-bots-group",
      ],
      byRelease: {
        "6.x": { tested: 18, testable: 20 },
        "7.0": { tested: 50, testable: 66 },
        "8.0": { tested: 72, testable: 101 },
        "9.x": { tested: 40, testable: 61 },
        "10.0": { tested: 32, testable: 70 },
      },
    },
  });
}
