import { describe, it, expect } from "vitest";
import { toCurl } from "../../src/client/exchange.ts";
import { ConformanceFailure } from "../../src/expect/failure.ts";
import { propertyCaseLine } from "../../src/results/property-case.ts";
import { renderHtml } from "../../src/report/html.ts";
import { areaCount } from "../../src/report/html-tests.ts";
import { SCRIPT } from "../../src/report/html-script.ts";
import { renderJunit } from "../../src/report/junit.ts";
import { renderSummary } from "../../src/report/summary.ts";
import { exampleResults, results, tr } from "./fixtures.ts";

/** The page's visible text, roughly: tags dropped, a few entities decoded, whitespace collapsed. */
function text(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>|<script>[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

/** A minimal strict XML reader: balanced tags, quoted attributes, only known entities, no stray '<' or '&'. */
function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: "#root", attrs: {}, children: [] };
  const stack: XmlNode[] = [root];
  const token = /<\?xml [^?]*\?>|<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w.-]+="[^"<]*")*)\s*(\/?)>|[^<&]+|&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/iy;
  let m: RegExpExecArray | null;
  while (token.lastIndex < xml.length) {
    const at = token.lastIndex;
    m = token.exec(xml);
    if (!m) throw new Error(`not well-formed at ${at}: ${JSON.stringify(xml.slice(at, at + 40))}`);
    const [, close, name, attrText, selfClose] = m;
    if (!name) continue;
    const top = stack[stack.length - 1];
    if (!top) throw new Error("stack underflow");
    if (close) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (attrText ?? "").matchAll(/([\w.-]+)="([^"]*)"/g)) {
      if (a[1] === undefined || a[1] in attrs) throw new Error(`duplicate attribute ${a[1]}`);
      attrs[a[1]] = a[2] ?? "";
    }
    const node: XmlNode = { name, attrs, children: [] };
    top.children.push(node);
    if (!selfClose) stack.push(node);
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`);
  if (root.children.length !== 1) throw new Error("not exactly one root element");
  return root.children[0] as XmlNode;
}

const EVIL = `<script>alert("pwned")</script><img src=x onerror=alert(1)>`;

function mixed() {
  return results([
    tr({ id: "t-pass", title: "passes", status: "pass", level: 160, area: "server", clauses: ["fl160.server.ok"] }),
    tr({
      id: "t-fail",
      title: "rejects a bad topic",
      status: "fail",
      level: 200,
      clauses: ["fl200.messages.topic-limit", "fl200.messages.other"],
      message: "expected 400\nreceived 500",
      curl: "curl -sS 'http://x/api' --data 'a=<b>'",
      exchanges: [{ method: "POST", url: "http://x/api/v1/messages?a=1&b=2", requestHeaders: {}, requestBody: "topic=<x>", status: 500, responseBody: EVIL }],
    }),
    tr({ id: "t-err", title: "crashes", status: "error", level: 210, area: "events", message: "TypeError: boom" }),
    tr({ id: "t-blk", title: "blocked one", status: "blocked", level: 220, area: "events", message: "fixture failed" }),
    tr({ id: "t-na", title: "later level", status: "n/a", level: 300, message: "applies from FL 300" }),
    tr({ id: "t-skip", title: "skipped one", status: "skipped", level: 180 }),
    tr({ id: "t-xf", title: "known bug", status: "expected-fail", level: 190, message: "known: issue 12" }),
    tr({ id: "t-up", title: "surprise", status: "unexpected-pass", level: 195, area: "users" }),
    tr({
      id: "t-passx",
      title: "passes with exchanges",
      status: "pass",
      level: 200,
      exchanges: [{ method: "GET", url: "http://x/ok", requestHeaders: {}, status: 200, responseBody: "SECRET-PASSING-BODY" }],
    }),
  ]);
}

describe("renderHtml", () => {
  it("shows the target, the verified level, the first failure and every count with its denominator: the tests that apply", () => {
    const doc = mixed();
    const html = renderHtml(doc);
    const t = text(html);
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(t).toContain("Conforms through FL 199 ");
    expect(t).toContain("Not conforming");
    expect(t).toContain("First failure at FL 200 : clause fl200.messages.topic-limit in rejects a bad topic");
    expect(t).toContain("http://127.0.0.1:9991");
    // 9 tests, of which 8 apply at FL 250: the tiles' shares are of those 8, and the n/a tile stands apart.
    for (const [status, n, share] of [
      ["pass", 2, "25%"],
      ["fail", 1, "12%"],
      ["skipped", 1, "12%"],
      ["blocked", 1, "12%"],
      ["error", 1, "12%"],
      ["expected-fail", 1, "12%"],
      ["unexpected-pass", 1, "12%"],
    ] as const) {
      expect(t).toContain(`${n} / 8 ${status} ${share}`);
    }
    expect(t).toContain("1 of 9 n/a not applicable");
    expect(t).toContain("8 of 9 tests apply at FL 250");
  });

  it("escapes server text, includes exchanges only for tests that did not pass, and has no external assets", () => {
    const html = renderHtml(mixed());
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;");
    expect(html).toContain("http://x/api/v1/messages?a=1&amp;b=2");
    expect(html).not.toContain("SECRET-PASSING-BODY");
    expect(html).not.toMatch(/<(link|img|iframe|object|embed)\b|\ssrc="|@import|url\(|https:\/\//);
    expect(html.match(/<details>/g)).toHaveLength(5); // fail, error, blocked, unexpected-pass, expected-fail
    expect(html).toContain("known: issue 12");
  });

  it("escapes attributes and control characters", () => {
    const doc = results([tr({ id: "x", title: `a"b'c\u0001d`, status: "fail", tags: [`q"><b>`], message: "m\u001b[31m" })]);
    const html = renderHtml(doc);
    expect(html).not.toContain(`q"><b>`);
    expect(html).toContain(`data-t="q&quot;&gt;&lt;b&gt;"`);
    expect(html).toContain("a&quot;b&#39;c\\x01d");
    expect(html).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
  });

  it("tolerates byStatus without zero entries and a crashed test without a catalog clause", () => {
    const doc = results([tr({ id: "crash", title: "died", status: "error", level: 0, area: "unknown", clauses: ["unknown"], tags: [] })]);
    // build.ts writes only the statuses that occurred; the renderers must not print NaN or undefined for the rest.
    doc.summary.byStatus = { error: 1 } as typeof doc.summary.byStatus;
    const t = text(renderHtml(doc));
    expect(t).toContain("1 / 1 error");
    expect(t).toContain("0 / 1 pass");
    expect(t).toMatch(/other\s+1\s+0\b/); // the level-0 test sits in an "other" row of the grid
    expect(t).not.toMatch(/NaN|undefined/);
    const s = renderSummary(doc);
    expect(s).toContain("pass 0/1, fail 0/1, error 1/1");
    expect(s).not.toMatch(/NaN|undefined/);
  });

  it("renders with zero tests", () => {
    const doc = results([], { verifiedLevel: null });
    const html = renderHtml(doc);
    const t = text(html);
    expect(t).toContain("Nothing verified");
    expect(t).toContain("No tests ran.");
    expect(t).toContain("0 / 0 pass");
    expect(t).not.toMatch(/NaN|undefined|null|Infinity/);
  });

  it("renders 5000 tests quickly, at a reasonable size", () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      tr({
        id: `t${i}`,
        title: `test number ${i}`,
        status: i % 50 === 0 ? "fail" : "pass",
        level: 153 + (i % 220),
        area: ["server", "events", "messages", "users"][i % 4] ?? "server",
        message: i % 50 === 0 ? "nope" : undefined,
      }),
    );
    const doc = results(many);
    const start = performance.now();
    const html = renderHtml(doc);
    expect(performance.now() - start).toBeLessThan(2000);
    expect(html.length).toBeLessThan(5_000_000);
    expect(html.match(/<tr class="t"/g)).toHaveLength(5000);
  });

  it("has a script that parses and touches no server data", () => {
    expect(() => new Function(SCRIPT)).not.toThrow();
    expect(SCRIPT).not.toContain("</script");
  });

  it("renders the example document", () => {
    const html = renderHtml(exampleResults());
    expect(text(html)).toContain("Conforms through FL");
    expect(html.match(/<tr class="t"/g)).toHaveLength(60);
  });
});

describe("renderJunit", () => {
  it("is well-formed, with the right counts per suite and overall", () => {
    const xml = renderJunit(mixed());
    const root = parseXml(xml);
    expect(root.name).toBe("testsuites");
    expect(root.attrs).toMatchObject({ tests: "9", failures: "2", errors: "2", skipped: "3" });
    const suites = root.children.filter((c) => c.name === "testsuite");
    expect(suites.map((s) => s.attrs.name)).toEqual(["server", "events", "messages", "users"]);
    const messages = suites.find((s) => s.attrs.name === "messages");
    expect(messages?.attrs).toMatchObject({ tests: "5", failures: "1", errors: "0", skipped: "3" });
    const cases = suites.flatMap((s) => s.children.filter((c) => c.name === "testcase"));
    expect(cases).toHaveLength(9);
    const byName = new Map(cases.map((c) => [c.attrs.name, c]));
    expect(byName.get("rejects a bad topic [fl200.messages.topic-limit, fl200.messages.other]")?.children[0]?.name).toBe("failure");
    expect(byName.get("rejects a bad topic [fl200.messages.topic-limit, fl200.messages.other]")?.attrs.classname).toBe("messages");
    expect(byName.get("surprise [fl200.messages.example]")?.children[0]?.name).toBe("failure");
    expect(byName.get("crashes [fl200.messages.example]")?.children[0]?.name).toBe("error");
    expect(byName.get("blocked one [fl200.messages.example]")?.children[0]?.attrs.type).toBe("blocked");
    expect(byName.get("later level [fl200.messages.example]")?.children[0]?.name).toBe("skipped");
    expect(byName.get("known bug [fl200.messages.example]")?.children[0]?.name).toBe("skipped");
    expect(byName.get("known bug [fl200.messages.example]")?.children[0]?.attrs.message).toMatch(/^expected-fail: known: issue 12/);
    expect(byName.get("passes [fl160.server.ok]")?.children).toEqual([]);
    expect(byName.get("passes [fl160.server.ok]")?.attrs.time).toBe("0.012");
  });

  it("escapes markup and strips characters XML 1.0 forbids", () => {
    const doc = results([
      tr({ id: "a", title: `<t> & "q"`, status: "fail", message: `bad\u0000\u0007 ]]> ${EVIL}\ud800`, area: `a"<b` }),
      tr({ id: "b", title: "ok\u000b", status: "n/a", message: "why <not>\u001f" }),
    ]);
    const xml = renderJunit(doc);
    const root = parseXml(xml);
    expect(root.attrs).toMatchObject({ tests: "2", failures: "1", skipped: "1", errors: "0" });
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\ud800-\udfff]/);
    expect(xml).not.toContain("]]>");
    expect(xml).not.toContain("<script");
    expect(xml).toContain(`name="&lt;t&gt; &amp; &quot;q&quot; [fl200.messages.example]"`);
    expect(xml).toContain(`classname="a&quot;&lt;b"`);
  });

  it("is well-formed with zero tests", () => {
    const root = parseXml(renderJunit(results([], { verifiedLevel: null })));
    expect(root.attrs).toMatchObject({ tests: "0", failures: "0", errors: "0", skipped: "0" });
    expect(root.children).toEqual([]);
  });
});

describe("renderSummary", () => {
  it("gives target, verified level, counts with denominators, coverage and the failures", () => {
    const s = renderSummary(mixed());
    expect(s).toContain("http://127.0.0.1:9991 at FL 250");
    expect(s).toContain("conforms through FL 199; first failure at FL 200: fl200.messages.topic-limit");
    expect(s).toContain("pass 2/9");
    expect(s).toContain("fail 1/9");
    expect(s).toContain("unexpected-pass 1/9");
    expect(s).toMatch(/Coverage: 0\/0 testable clauses/);
    expect(s).toContain("FL 200  fl200.messages.topic-limit  rejects a bad topic");
    expect(s).toContain("expected 400");
    expect(s).not.toContain("received 500");
    for (const title of ["crashes", "blocked one", "surprise"]) expect(s).toContain(title);
    for (const title of ["passes", "later level", "known bug", "skipped one"]) expect(s).not.toMatch(new RegExp(`  ${title}$`, "m"));
  });

  it("lists at most ten problems and says how many more", () => {
    const doc = results(
      Array.from({ length: 14 }, (_, i) => tr({ id: `f${i}`, title: `failing ${i}`, status: "fail", level: 160 + i, message: "\u001b[2Jcleared" })),
    );
    const s = renderSummary(doc);
    expect(s.match(/^ {2}FAIL /gm)).toHaveLength(10);
    expect(s).toContain("… and 4 more");
    expect(s).not.toContain("\u001b");
  });

  it("handles zero tests", () => {
    const s = renderSummary(results([], { verifiedLevel: null }));
    expect(s).toContain("Verified: nothing verified");
    expect(s).not.toContain("Problems");
  });
});

describe("a test not verifiable on this target", () => {
  const doc = () =>
    results([
      tr({ id: "ok", title: "passes", status: "pass", level: 160 }),
      tr({
        id: "jwt",
        title: "trades a JWT for an API key",
        status: "unverifiable",
        level: 160,
        message: "the target declares no JWT key",
        remedy: "add serverConfig.jwtKey to the personas file",
      }),
    ]);

  it("is skipped in JUnit with its reason and remedy, not an error", () => {
    const root = parseXml(renderJunit(doc()));
    expect(root.attrs).toMatchObject({ tests: "2", failures: "0", errors: "0", skipped: "1" });
    const xml = renderJunit(doc());
    expect(xml).toContain('<skipped message="unverifiable: the target declares no JWT key; to verify it: add serverConfig.jwtKey to the personas file"/>');
  });

  it("is listed with its remedy in the summary and the HTML, and is not a problem", () => {
    const s = renderSummary(doc());
    expect(s).toContain("unverifiable 1/2");
    expect(s).toContain("Not verifiable on this target (1 test); to make them runnable:\n  add serverConfig.jwtKey to the personas file");
    expect(s).not.toContain("Problems");
    expect(s).toContain("Result:   CONFORMING");
    const t = text(renderHtml(doc()));
    expect(t).toContain("To verify it: add serverConfig.jwtKey to the personas file");
    expect(t).toContain("1 / 2 unverifiable");
    expect(t).toContain("1 test not verifiable here");
  });
});

describe("the test list", () => {
  const ex = (n: number, status: number) => ({
    method: "POST",
    url: `http://x/api/v1/messages?n=${n}`,
    requestHeaders: {},
    requestBody: `n=${n}`,
    status,
    responseBody: `{"result":"error","msg":"body ${n}"}`,
  });
  const failing = () => {
    const named = ex(2, 400);
    const f = new ConformanceFailure(
      { id: "fl200.messages.topic", says: "A topic longer than 60 characters is refused." },
      "HTTP 400 with code BAD_REQUEST",
      "HTTP 200 (number)",
      named,
      "code",
    );
    return tr({
      id: "t-f",
      title: "rejects a bad topic",
      status: "fail",
      level: 200,
      curl: toCurl(named),
      message: f.message,
      failure: f.failure,
      exchanges: [ex(1, 200), named, ex(3, 200)],
    });
  };

  it("starts at the problems when there are any: the other rows and areas are written hidden, and shown again without JavaScript", () => {
    const html = renderHtml(results([failing(), tr({ id: "ok", status: "pass", area: "server" }), tr({ id: "ok2", status: "pass", area: "messages" })]));
    expect(html).toContain(`<option value="problems" selected>`);
    expect(html.match(/<tr class="t" hidden/g)).toHaveLength(2);
    expect(html).toMatch(/<tr class="t" id="t0" data-s="fail"/);
    expect(html).toMatch(/<section class="area" hidden aria-labelledby="a-server">/);
    expect(html).toMatch(/<noscript><style>tr\.t\[hidden\] \{ display: table-row !important; \} section\.area\[hidden\] \{ display: block !important; \}/);
    // Without JavaScript every row shows, so the server-written header counts them all.
    expect(text(html)).toContain("messages 2 tests · 1 pass · 1 problem");
  });

  it("shows every row when nothing is a problem", () => {
    const html = renderHtml(results([tr({ id: "ok", status: "pass" }), tr({ id: "na", status: "n/a" })]));
    expect(html).toContain(`<option value="all" selected>`);
    expect(html).not.toMatch(/<tr class="t" hidden|<section class="area" hidden/);
  });

  it("shows a failure's clause words, want and got, the exchange it names once, and its curl line with a copy button", () => {
    const html = renderHtml(results([failing()]));
    const t = text(html);
    expect(t).toContain("The clause fl200.messages.topic A topic longer than 60 characters is refused.");
    expect(t).toContain("want HTTP 400 with code BAD_REQUEST at code got HTTP 200 (number)");
    expect(t).toContain("The exchange #2 POST http://x/api/v1/messages?n=2 400");
    expect(t.split("body 2")).toHaveLength(2);
    expect(t.split("curl -sS -X POST 'http://x/api/v1/messages?n=2'")).toHaveLength(2);
    expect(html).toContain(`<button type="button" class="copy" hidden>Copy</button>`);
    expect(t).not.toContain("reproduce:");
    expect(html).toMatch(/<details class="more"><summary>Other exchanges of this test \(2\)<\/summary>.*#1.*#3/s);
  });

  it("shows a message that is not in the failure format as it is, and the last exchange", () => {
    const html = renderHtml(results([tr({ id: "e", status: "error", message: "TypeError: boom\n    at a.ts:1:1", exchanges: [ex(1, 200), ex(2, 500)] })]));
    expect(html).toContain(`<pre class="msg">TypeError: boom\n    at a.ts:1:1</pre>`);
    expect(text(html)).toContain("Last exchange #2 POST");
    expect(html).toContain("Other exchanges of this test (1)");
  });

  it("a blocked property test's case has a block of its own: the curl line it copies is the curl line alone, and the replay is a command", () => {
    const ex: Parameters<typeof toCurl>[0] = {
      method: "POST",
      url: "http://x/api/v1/messages",
      requestHeaders: {},
      requestBody: "to=1",
      status: 400,
      responseBody: "{}",
    };
    const property = { counterexample: '[{"actor":"member"}]', seed: 1234, path: "2:0", runs: 3 };
    const step = new ConformanceFailure({ id: "fl153.channels.subscribe", says: "Subscribing works." }, "success", "HTTP 400", ex);
    const blocked = `prerequisite failed: subscribe\n${step.message}`;
    const t = tr({
      id: "p",
      status: "blocked",
      file: "suites/messages/access-property.test.ts",
      failedClause: "fl153.channels.subscribe",
      message: `${blocked}\n${propertyCaseLine(property)}`,
      failure: { lead: "prerequisite failed: subscribe", ...step.failure },
      property,
      exchanges: [ex],
    });
    const html = renderHtml(results([t]));
    const boxes = [...html.matchAll(/<pre class="curl">([^<]*)<\/pre>/g)].map((m) => m[1]!.replace(/&#39;/g, "'"));
    expect(boxes).toEqual([toCurl(ex), "chat-conformance run --seed=1234 --filter suites/messages/access-property.test.ts"]);
    expect(html).toContain(`<pre class="cx">[{&quot;actor&quot;:&quot;member&quot;}]</pre>`);
    expect(text(html)).toContain("seed 1234 · path 2:0 · after 3 runs");
    expect(text(html)).toContain("The clause fl153.channels.subscribe Subscribing works.");
  });

  it("the verified level shows its share of the applicable clauses, in the headline's large line", () => {
    const doc = results([tr({ id: "a", status: "pass", level: 160, clauses: ["fl160.server.ok"] })], {
      verifiedLevel: 250,
      verifiedShare: { verified: 13, applicable: 100 },
    });
    expect(renderHtml(doc)).toContain(`Conforms through <strong>FL 250</strong> <span class="share">— 13% of applicable clauses verified (13 of 100)</span>`);
    expect(renderSummary(doc)).toContain("Verified: conforms through FL 250 — 13% of applicable clauses verified (13 of 100)");
  });

  it("'N tests not verifiable here' leads to those tests, grouped by remedy as the CLI lists them, each linking to its row", () => {
    const jwt = "add serverConfig.jwtKey to the personas file";
    const doc = results([
      tr({ id: "ok", status: "pass", level: 160 }),
      tr({ id: "j1", title: "JWT one", status: "unverifiable", level: 160, clauses: ["fl160.authentication.jwt-a"], remedy: jwt }),
      tr({ id: "g", title: "guest", status: "unverifiable", level: 170, clauses: ["fl170.users.guest"], remedy: "add a guest persona to the personas file" }),
      tr({ id: "j2", title: "JWT two", status: "unverifiable", level: 180, clauses: ["fl180.authentication.jwt-b"], remedy: jwt }),
    ]);
    const html = renderHtml(doc);
    expect(html).toContain(`<a href="#unverifiable">3 tests not verifiable here</a>`);
    const section = /<section [^>]*id="unverifiable">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? "";
    // The larger group first, as the summary's "Not verifiable on this target" list has it.
    expect(text(section)).toMatch(
      /add serverConfig\.jwtKey to the personas file · 2 tests fl160\.authentication\.jwt-a FL 160 JWT one fl180\.authentication\.jwt-b FL 180 JWT two add a guest persona to the personas file · 1 test fl170\.users\.guest/,
    );
    const summary = renderSummary(doc);
    expect(summary.indexOf(jwt)).toBeLessThan(summary.indexOf("add a guest persona"));
    for (const id of ["j1", "g", "j2"]) expect(section).toContain(`href="#t${doc.tests.findIndex((x) => x.id === id)}"`);
    expect(renderHtml(results([tr({ id: "ok", status: "pass" })]))).not.toContain(`id="unverifiable"`);
  });

  it("says how many of an area's tests are shown, in the words the script uses", () => {
    const tests = [tr({ id: "a", status: "pass" }), tr({ id: "b", status: "fail" }), tr({ id: "c", status: "unverifiable" })];
    expect(areaCount(3, tests)).toBe(`3 tests · 1 pass · <span class="bad">1 problem</span> · 1 not verifiable here`);
    expect(areaCount(3, tests.slice(1, 2))).toBe(`1 of 3 shown · 0 pass · <span class="bad">1 problem</span>`);
  });
});
