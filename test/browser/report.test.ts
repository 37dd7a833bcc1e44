import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ComparisonSchema, type Comparison } from "../../src/results/compare-schema.ts";
import { ConformanceFailure } from "../../src/expect/failure.ts";
import { propertyCaseLine } from "../../src/results/property-case.ts";
import { isProblem, pct } from "../../src/results/tally.ts";
import { ResultsSchema, type Results, type TestResult } from "../../src/results/schema.ts";
import { writeReports } from "../../src/report/write.ts";
import { exampleResults, results } from "../report/fixtures.ts";
import { twoClientsSession } from "../judge/traffic.ts";
import { CLI } from "../support/cli-entry.ts";
import { serveChild } from "../support/serve-child.ts";
import { launchChromium, NO_CHROMIUM, type PageElement, type PageGlobals } from "./chromium.ts";

/**
 * The reports as a user meets them, in Chromium: the run report (index.html) of a passing run, a run with faults,
 * a partial run and a run against `serve` through --target, and compare.html over real runs. It clicks what a user
 * clicks (the headline's first failure, the level grid, the filters, the search, details, the copy button) and
 * checks what they must see. Screenshots go to reports/browser/ for CI to keep.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SHOTS = join(ROOT, "reports", "browser");
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The CLI as a user runs it; its exit code and output. */
function cli(args: string[], cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, ...args], { cwd, env: { ...process.env, NO_COLOR: "1" } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/** The example run with every problem turned into a pass: a complete, conforming run of 60 tests. */
function passingRun(): Results {
  const ex = exampleResults();
  const tests = ex.tests.map((t): TestResult => {
    if (t.status === "n/a") return t;
    const { message: _m, curl: _c, remedy: _r, ...rest } = t;
    return { ...rest, status: "pass", exchanges: [] };
  });
  // The share the headline shows beside the level: the distinct clauses its passing tests verified, of the testable ones.
  const verified = new Set(tests.filter((t) => t.status === "pass").flatMap((t) => t.clauses)).size;
  return results(tests, {
    target: { ...ex.target, faults: [], notes: [] },
    coverage: ex.coverage,
    verifiedLevel: 250,
    verifiedShare: { verified, applicable: ex.coverage.testable },
  });
}

/** The blocked property test the example run gains: its step failed with a curl line, its case in its own field. */
const PROPERTY = { counterexample: '[{"actor":"member","channel":"private"},{"actor":"guest","channel":"public"}]', seed: -1234567, path: "4:1:0", runs: 12 };

/**
 * The example run (problems, one test not verifiable) with a property test blocked by a failing prerequisite: the
 * message ends with the step's curl line, and then the case's own line, which used to end up on the curl line.
 */
function exampleWithProperty(): Results {
  const ex = exampleResults();
  const x = {
    method: "POST",
    url: "http://127.0.0.1:9991/api/v1/users/me/subscriptions",
    requestHeaders: {},
    requestBody: "subscriptions=%5B%7B%22name%22%3A%22cc-p%22%7D%5D&invite_only=true",
    status: 500,
    responseBody: '{"result":"error","msg":"boom"}',
  };
  const step = new ConformanceFailure(
    { id: "fl153.channels.create-by-subscribing", says: "Subscribing to a channel name that does not exist creates the channel." },
    "success",
    'HTTP 500 result "error"',
    x,
  );
  const blocked: TestResult = {
    id: "fl153.messages.access-private-channel#property",
    title: "who may read a private channel's messages (property)",
    file: "suites/messages/access-property.test.ts",
    clauses: ["fl153.messages.access-private-channel"],
    level: 153,
    area: "messages",
    strength: "must",
    tags: ["access"],
    status: "blocked",
    failedClause: "fl153.channels.create-by-subscribing",
    message: `prerequisite failed: subscribe to a private channel\n${step.message}\n${propertyCaseLine(PROPERTY)}`,
    failure: { lead: "prerequisite failed: subscribe to a private channel", ...step.failure },
    property: PROPERTY,
    exchanges: [x],
    durationMs: 120,
  };
  // As buildResults places it: the first failure is the clause whose step failed, in the test it blocked.
  return results([...ex.tests, blocked], {
    target: ex.target,
    coverage: ex.coverage,
    verifiedLevel: null,
    firstFailure: { clause: "fl153.channels.create-by-subscribing", level: 153, test: blocked.id },
  });
}

/** Whether bash can parse a line (bash -n: read, never run). */
function bashParses(line: string): { ok: boolean; err: string } {
  const r = spawnSync("bash", ["-n", "-c", line], { encoding: "utf8" });
  return { ok: r.status === 0, err: r.stderr };
}

/** The passing run narrowed as a filter and --read-only would: tests left out, skipped, one not verifiable. */
function partialRun(): Results {
  const pass = passingRun();
  const ex = exampleResults();
  const tests = pass.tests.map((t, i) => (ex.tests[i]!.status === "skipped" || ex.tests[i]!.status === "unverifiable" ? ex.tests[i]! : t));
  return results(tests, {
    target: pass.target,
    coverage: pass.coverage,
    verifiedLevel: 203,
    partial: {
      reasons: [
        "120 applicable tests not selected by the filter (suites/messages)",
        "1 test skipped: needs a second organisation; the target has one",
        "1 test not verifiable on this target (each names what would make it runnable)",
      ],
      notRun: 120,
      unverifiedFrom: 204,
    },
  });
}

/** A later run of the same target in which one test that passed now fails: one target over time. */
function laterRun(base: Results): Results {
  const doc = structuredClone(base);
  const t = doc.tests.find((x) => x.status === "pass" && x.strength === "must")!;
  t.status = "fail";
  t.message = `[${t.clauses[0]}] spec: the clause's words.\n  want: 200\n  got:  500 (number)`;
  t.failure = { clause: t.clauses[0]!, says: "the clause's words.", want: "200", got: "500 (number)" };
  doc.summary.byStatus.pass = (doc.summary.byStatus.pass ?? 0) - 1;
  doc.summary.byStatus.fail = (doc.summary.byStatus.fail ?? 0) + 1;
  doc.summary.mustProblems++;
  doc.firstFailure = { clause: t.clauses[0]!, level: t.level, test: t.id };
  doc.startedAt = new Date(Date.parse(base.startedAt) + 86_400_000).toISOString();
  return ResultsSchema.parse(doc);
}

interface Opened {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught exceptions, and any request that is not for the file itself (no network). */
  problems: string[];
}

let browser: Browser;
let dir: string;
const shots: string[] = [];
const reports: Record<"passing" | "faulty" | "partial" | "target" | "later" | "example" | "clients", string> = {
  clients: "",
  passing: "",
  faulty: "",
  partial: "",
  target: "",
  later: "",
  example: "",
};
let compareDir = "";
let faultyDoc: Results;

async function open(file: string, viewport = WIDE, javaScriptEnabled = true): Promise<Opened> {
  const context = await browser.newContext({ viewport, javaScriptEnabled });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`exception: ${e.message}`));
  page.on("request", (r) => {
    if (!r.url().startsWith("file:")) problems.push(`request: ${r.url()}`);
  });
  await page.goto(pathToFileURL(file).href);
  return { page, context, problems };
}

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage });
  shots.push(path);
}

/**
 * What the test list shows: its count line, the rows a user sees, and each area's header with the rows under it.
 * Every area's table is rendered first, as scrolling through the page would (they render as they near the window).
 */
function listState(page: Page) {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    for (const r of document.querySelectorAll(".rows[hidden]")) r.removeAttribute("hidden");
    const seen = (el: PageElement) => el.checkVisibility();
    const rows = [...document.querySelectorAll("tr.t")];
    return {
      total: rows.length,
      shownText: document.getElementById("f-shown")!.textContent,
      status: document.getElementById("f-status")!.value!,
      visible: rows.filter(seen).map((r) => ({ id: r.id, s: r.dataset.s!, l: r.dataset.l!, text: r.textContent!.toLowerCase() })),
      areas: [...document.querySelectorAll("section.area")].filter(seen).map((a) => ({
        header: a.querySelector("h3 .count")!.textContent,
        total: a.querySelectorAll("tr.t").length,
        statuses: [...a.querySelectorAll("tr.t")].filter(seen).map((r) => r.dataset.s!),
      })),
    };
  });
}

/** An area header's words for the rows it shows (html-tests.ts areaCount). */
function areaHeader(total: number, statuses: readonly string[]): string {
  const n = statuses.length;
  const pass = statuses.filter((s) => s === "pass").length;
  const problems = statuses.filter((s) => isProblem(s as TestResult["status"])).length;
  const unverifiable = statuses.filter((s) => s === "unverifiable").length;
  const head = n === total ? `${n} test${n === 1 ? "" : "s"}` : `${n} of ${total} shown`;
  return `${head} · ${pass} pass${problems ? ` · ${problems} problem${problems === 1 ? "" : "s"}` : ""}${unverifiable ? ` · ${unverifiable} not verifiable here` : ""}`;
}

/** The list's counts and every area header agree with the rows on screen. */
async function expectCountsFollow(page: Page): Promise<Awaited<ReturnType<typeof listState>>> {
  const st = await listState(page);
  expect(st.shownText).toBe(st.visible.length === st.total ? `${st.total} tests` : `showing ${st.visible.length} of ${st.total}`);
  for (const a of st.areas) expect(a.header).toBe(areaHeader(a.total, a.statuses));
  expect(st.areas.reduce((n, a) => n + a.statuses.length, 0)).toBe(st.visible.length);
  return st;
}

/** Where a row sits against the sticky filter bar and the window, and whether the point a user looks at is the row's. */
function placement(page: Page, id: string) {
  return page.evaluate((rowId) => {
    const { document, innerHeight } = globalThis as unknown as PageGlobals;
    const row = document.getElementById(rowId)!;
    const r = row.getBoundingClientRect();
    const bar = document.getElementById("filters")!.getBoundingClientRect();
    const summary = row.querySelector("summary") ?? row;
    const s = summary.getBoundingClientRect();
    const hit = document.elementFromPoint(s.left + Math.min(40, s.width / 2), s.top + s.height / 2);
    return {
      top: r.top,
      barBottom: bar.bottom,
      height: innerHeight,
      open: row.querySelector("details")?.open ?? false,
      onTop: hit !== null && row.contains(hit),
    };
  }, id);
}

/** The page is no wider than the window: nothing scrolls sideways (every area's table rendered, on screen or not). */
async function expectNoSideScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    for (const r of document.querySelectorAll(".rows[hidden]")) r.removeAttribute("hidden");
    return { scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth };
  });
  expect(scroll, "page scrolls sideways").toBeLessThanOrEqual(client);
}

describe.skipIf(NO_CHROMIUM !== undefined)(`the reports in Chromium${NO_CHROMIUM ? ` (skipped: ${NO_CHROMIUM})` : ""}`, () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const f of readdirSync(SHOTS)) if (f.endsWith(".png")) rmSync(join(SHOTS, f));
    dir = mkdtempSync(join(tmpdir(), "cc-browser-"));
    for (const k of Object.keys(reports) as (keyof typeof reports)[]) reports[k] = join(dir, k);
    writeReports(reports.passing, passingRun());
    writeReports(reports.partial, partialRun());
    writeReports(reports.example, exampleWithProperty());
    writeReports(reports.clients, await twoClientsSession());
    // Two real runs, each kept small with --filter: the embedded server with faults, and `serve` through --target.
    const serve = await serveChild([], ROOT);
    try {
      const personas = join(dir, "personas.json");
      writeFileSync(personas, serve.line);
      const [faulty, target] = await Promise.all([
        cli(
          [
            "run",
            "--filter",
            "suites/server",
            "--filter",
            "suites/calls",
            "--fault",
            "fl153.server.missing-parameter",
            "--fault",
            "fl206.calls.provider-one-is-video-call",
            "--out",
            reports.faulty,
          ],
          ROOT,
        ),
        cli(["run", "--target", serve.doc.url, "--personas", personas, "--filter", "suites/server", "--out", reports.target], ROOT),
      ]);
      expect(faulty.code, faulty.out).toBe(1);
      expect(target.code, target.out).toBe(0);
    } finally {
      await serve.stop();
    }
    faultyDoc = ResultsSchema.parse(JSON.parse(readFileSync(join(reports.faulty, "results.json"), "utf8")));
    const targetDoc = ResultsSchema.parse(JSON.parse(readFileSync(join(reports.target, "results.json"), "utf8")));
    writeReports(reports.later, laterRun(targetDoc));
    compareDir = join(dir, "compare");
    const cmp = await cli(
      ["compare", join(reports.target, "results.json"), join(reports.later, "results.json"), join(reports.faulty, "results.json"), "--out", compareDir],
      ROOT,
    );
    expect(cmp.code, cmp.out).toBe(0);
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (shots.length) console.log(`browser screenshots (${shots.length}) in ${SHOTS}:\n  ${shots.map((s) => s.slice(SHOTS.length + 1)).join("\n  ")}`);
  });

  it("a run with faults: problems first, the headline's first failure opens below the filter bar with its evidence once, and the curl line copies", async () => {
    const { page, context, problems } = await open(join(reports.faulty, "index.html"));
    const st = await expectCountsFollow(page);
    expect(st.status).toBe("problems");
    expect(st.visible.map((r) => r.s)).toEqual(faultyDoc.tests.filter((t) => isProblem(t.status)).map(() => "fail"));
    expect(st.visible.length).toBeLessThan(st.total);
    await shot(page, "faulty-top-1280");

    // The first failure, from the headline: shown even when the filters hid it.
    await page.selectOption("#f-status", "pass");
    const href = (await page.getAttribute(".headline a[href^='#t']", "href"))!;
    await page.click(".headline a[href^='#t']");
    const id = href.slice(1);
    const at = await placement(page, id);
    expect(at.open).toBe(true);
    expect(at.onTop, "the row's title is under something").toBe(true);
    expect(at.top).toBeGreaterThanOrEqual(at.barBottom);
    expect(at.top).toBeLessThan(at.height);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).location.hash)).toBe(href);
    await expectCountsFollow(page);

    // Its evidence, each part once: the clause's words, want and got, one exchange, the curl line in full.
    const first = faultyDoc.tests.find((t) => t.id === faultyDoc.firstFailure!.test)!;
    const row = page.locator(`#${id}`);
    const seen = await row.innerText();
    const says = /spec: (.*)/.exec(first.message!)![1]!;
    expect(seen).toContain(says);
    expect(seen).toMatch(/want\s+HTTP 400/);
    expect(seen).toMatch(/got\s+code "BAD_REQUEST"/);
    expect(seen.split(first.curl!).length - 1, "the curl line appears once").toBe(1);
    expect(seen.split("Missing 'content'").length - 1, "the exchange appears once").toBe(1);
    expect(await row.locator(".ex").evaluateAll((xs) => xs.filter((x) => x.checkVisibility()).length)).toBe(1);
    const curlBox = await row.locator("pre.curl").evaluate((p) => ({ sh: p.scrollHeight, ch: p.clientHeight, sw: p.scrollWidth, cw: p.clientWidth }));
    expect(curlBox.sh, "the curl box scrolls inside").toBeLessThanOrEqual(curlBox.ch + 1);
    expect(curlBox.sw).toBeLessThanOrEqual(curlBox.cw + 1);
    await row.locator("button.copy").click();
    await expect.poll(() => row.locator("button.copy").textContent()).toBe("Copied");
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText())).toBe(first.curl);
    await shot(page, "faulty-first-failure-1280");

    expect(problems).toEqual([]);
    await context.close();
  });

  it("a run with faults: the level grid, the status filter, the search and expand-all, with counts (area headers too) that follow", async () => {
    const { page, context, problems } = await open(join(reports.faulty, "index.html"));
    // A level whose tests all pass: the problems filter would hide them all, so selecting it shows every status.
    const passing = [...new Set(faultyDoc.tests.filter((t) => t.status === "pass").map((t) => t.level))].find((l) =>
      faultyDoc.tests.every((t) => t.level !== l || t.status === "pass"),
    )!;
    await page.click(`button.cell[data-level="${passing}"]`);
    let st = await expectCountsFollow(page);
    expect(st.visible.length).toBe(faultyDoc.tests.filter((t) => t.level === passing).length);
    expect(st.visible.every((r) => r.l === String(passing))).toBe(true);
    expect(st.status).toBe("all");
    expect(await page.getAttribute(`button.cell[data-level="${passing}"]`, "aria-pressed")).toBe("true");
    expect(await page.locator("#f-chips .chip").innerText()).toContain(`FL ${passing}`);
    // The list is in view: its first row whole, below the bar.
    const firstRow = await placement(page, st.visible[0]!.id);
    expect(firstRow.onTop && firstRow.top >= firstRow.barBottom && firstRow.top < firstRow.height - 40).toBe(true);
    await shot(page, "faulty-level-filter-1280");

    await page.click("#f-chips .chip");
    st = await expectCountsFollow(page);
    expect(st.visible.length).toBe(st.total);

    await page.selectOption("#f-status", "n/a");
    st = await expectCountsFollow(page);
    expect(st.visible.length).toBe(faultyDoc.summary.byStatus["n/a"]);
    expect(st.visible.every((r) => r.s === "n/a")).toBe(true);

    await page.selectOption("#f-status", "all");
    await page.fill("#f-q", "realm_url");
    await expect.poll(async () => (await listState(page)).shownText).toMatch(/^showing /);
    st = await expectCountsFollow(page);
    expect(st.visible.length).toBeGreaterThan(0);
    expect(st.visible.every((r) => r.text.includes("realm_url"))).toBe(true);
    expect(st.visible.length).toBe(
      faultyDoc.tests.filter((t) => `${t.title} ${t.clauses.join(" ")} ${t.message ?? ""}`.toLowerCase().includes("realm_url")).length,
    );

    await page.fill("#f-q", "no test has this text");
    await expect.poll(() => page.locator("#f-none").isVisible()).toBe(true);
    await page.click("#f-reset");
    st = await expectCountsFollow(page);
    expect(st.visible.length).toBe(st.total);

    await page.selectOption("#f-status", "problems");
    await page.click("#f-expand");
    await listState(page);
    const opened = await page.evaluate(() =>
      [...(globalThis as unknown as PageGlobals).document.querySelectorAll("tr.t")]
        .filter((r) => r.checkVisibility())
        .map((r) => r.querySelector("td.title > details")?.hasAttribute("open")),
    );
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.every(Boolean)).toBe(true);
    await shot(page, "faulty-expanded-1280", true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a passing run shows every test, a partial run says so with its remedies, a run against serve names its target", async () => {
    for (const [name, verdict] of [
      ["passing", "Conforming"],
      ["partial", "Partial run: no problems found"],
      ["target", "Partial run: no problems found"],
    ] as const) {
      const { page, context, problems } = await open(join(reports[name], "index.html"));
      expect((await page.locator("#h-verdict").innerText()).toLowerCase()).toBe(verdict.toLowerCase());
      // An area's table renders as it comes near the window.
      const last = page.locator("section.area .rows").last();
      expect(await last.getAttribute("hidden")).toBe("until-found");
      await last.scrollIntoViewIfNeeded();
      await expect.poll(() => last.evaluate((el) => el.hasAttribute("hidden"))).toBe(false);
      const st = await expectCountsFollow(page);
      expect(st.status, `${name}: no problems, so every test shows`).toBe("all");
      expect(st.visible.length).toBe(st.total);
      if (name === "partial") {
        await expect.poll(() => page.locator(".headline .partial").innerText()).toContain("120 applicable tests not selected by the filter");
        await page.selectOption("#f-status", "unverifiable");
        expect(await page.locator("tr.t:visible .remedy").innerText()).toContain("To verify it: add serverConfig.jwtKey");
        await expectCountsFollow(page);
      }
      if (name === "target") {
        const doc = ResultsSchema.parse(JSON.parse(readFileSync(join(reports.target, "results.json"), "utf8")));
        expect(doc.target.kind).toBe("url");
        expect(await page.locator(".facts").innerText()).toContain(doc.target.url);
      }
      await shot(page, `${name}-1280`);
      expect(problems, name).toEqual([]);
      await context.close();
    }
  });

  it("without JavaScript every row of every area shows, and no filter bar", async () => {
    const { page, context, problems } = await open(join(reports.faulty, "index.html"), WIDE, false);
    const seen = await page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals;
      const rows = [...document.querySelectorAll("tr.t")];
      return { rows: rows.length, visible: rows.filter((r) => r.checkVisibility()).length, bar: document.getElementById("filters")!.checkVisibility() };
    });
    expect(seen).toEqual({ rows: faultyDoc.tests.length, visible: faultyDoc.tests.length, bar: false });
    expect(await page.locator("section.area").last().locator("tr.t").last().isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("at 390 px nothing scrolls sideways, with the failing row open too", async () => {
    for (const name of ["passing", "faulty", "partial", "target"] as const) {
      const { page, context, problems } = await open(join(reports[name], "index.html"), PHONE);
      await expectNoSideScroll(page);
      if (name === "faulty") {
        const href = (await page.getAttribute(".headline a[href^='#t']", "href"))!;
        await page.click(".headline a[href^='#t']");
        const at = await placement(page, href.slice(1));
        expect(at.open && at.onTop && at.top >= at.barBottom).toBe(true);
        await page.click("#f-expand");
        await expectNoSideScroll(page);
        await shot(page, "faulty-first-failure-390");
      } else await shot(page, `${name}-390`);
      expect(problems, name).toEqual([]);
      await context.close();
    }
  });

  it("a client report (serve --quirks): a client × clause table whose cells open their rows, a passing one too though the list starts at the problems", async () => {
    const { page, context, problems } = await open(join(reports.clients, "index.html"));
    expect(await page.locator("h1").innerText()).toBe("Client conformance report");
    expect((await page.locator("#h-verdict").innerText()).toLowerCase()).toBe("not conforming");
    const careful = page.locator("table.clients tbody tr", { hasText: "careful@example.com (careful/2)" });
    expect(await page.locator("table.clients tbody tr").count()).toBe(2);
    const cell = careful.locator("a.s-pass").first();
    const href = (await cell.getAttribute("href"))!;
    expect(await page.locator(`#${href.slice(1)}`).isVisible(), "a passing row is filtered out at first").toBe(false);
    await cell.click();
    await expect.poll(() => page.locator(`#${href.slice(1)}`).isVisible()).toBe(true);
    const at = await placement(page, href.slice(1));
    expect(at.onTop && at.top >= at.barBottom, JSON.stringify(at)).toBe(true);
    expect(await page.locator(`#${href.slice(1)}`).innerText()).toContain("careful@example.com (careful/2)");
    await shot(page, "clients-1280", true);
    expect(problems).toEqual([]);
    await context.close();
    const phone = await open(join(reports.clients, "index.html"), PHONE);
    await expectNoSideScroll(phone.page);
    await shot(phone.page, "clients-390");
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });

  it("'N tests not verifiable here' leads to them grouped by remedy, each opening its row though the list starts at the problems; tiles count the tests that apply", async () => {
    const doc = exampleWithProperty();
    const { page, context, problems } = await open(join(reports.example, "index.html"));
    expect((await listState(page)).status).toBe("problems");
    const link = page.locator(`.headline a[href="#unverifiable"]`);
    expect(await link.innerText()).toBe("1 test not verifiable here");
    await link.click();
    const section = page.locator("#unverifiable");
    const box = await section.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, height: (globalThis as unknown as PageGlobals).innerHeight };
    });
    expect(box.top, "the section is scrolled to").toBeGreaterThanOrEqual(-1);
    expect(box.top).toBeLessThan(box.height / 2);
    const unverifiable = doc.tests.filter((t) => t.status === "unverifiable");
    expect(await section.innerText()).toContain(unverifiable[0]!.remedy!);
    await shot(page, "example-unverifiable-1280");
    // Its test opens in the list, which hid it (the filter showed only the problems).
    await section.locator("a[href^='#t']").first().click();
    const id = `t${doc.tests.indexOf(unverifiable[0]!)}`;
    const at = await placement(page, id);
    expect(at.onTop && at.top >= at.barBottom && at.top < at.height).toBe(true);
    expect(await page.locator(`#${id} .remedy`).innerText()).toContain(unverifiable[0]!.remedy!);
    await expectCountsFollow(page);

    // Tiles: the share of each status among the tests that apply (n/a on its own tile, in no share).
    const applies = doc.summary.total - doc.summary.byStatus["n/a"]!;
    expect(await page.locator(".tile.s-pass").innerText()).toBe(`${doc.summary.byStatus.pass} / ${applies}\npass\n${pct(doc.summary.byStatus.pass!, applies)}`);
    expect(await page.locator(".tile.s-na").innerText()).toBe(`${doc.summary.byStatus["n/a"]} of ${doc.summary.total}\nn/a\nnot applicable`);
    await page.locator(".tiles").scrollIntoViewIfNeeded();
    await shot(page, "example-tiles-1280");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a blocked property test: Copy gives a curl line bash parses and nothing else, Replay a run command; the case shows apart", async () => {
    const doc = exampleWithProperty();
    const i = doc.tests.findIndex((t) => t.property !== undefined);
    for (const viewport of [WIDE, PHONE]) {
      const { page, context, problems } = await open(join(reports.example, "index.html"), viewport);
      await page.click(`#f-q`);
      await page.fill("#f-q", "access-private-channel#property");
      await page.evaluate((id) => {
        (globalThis as unknown as PageGlobals).location.hash = id;
      }, `t${i}`);
      const row = page.locator(`#t${i}`);
      await expect.poll(() => row.locator("details").evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true);
      const copies = row.locator("button.copy");
      expect(await copies.count()).toBe(2);
      await copies.nth(0).click();
      await expect.poll(() => copies.nth(0).textContent()).toBe("Copied");
      const curl = await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText());
      expect(curl).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:9991\/api\/v1\/users\/me\/subscriptions'/);
      expect(curl).not.toContain("counterexample");
      expect(bashParses(curl)).toEqual({ ok: true, err: "" });
      await copies.nth(1).click();
      await expect.poll(() => copies.nth(1).textContent()).toBe("Copied");
      const replay = await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText());
      expect(replay).toBe(`chat-conformance run --seed=${PROPERTY.seed} --filter suites/messages/access-property.test.ts`);
      expect(bashParses(replay).ok).toBe(true);
      expect(await row.locator("pre.cx").innerText()).toBe(PROPERTY.counterexample);
      expect(await row.innerText()).toContain(`seed ${PROPERTY.seed} · path ${PROPERTY.path} · after ${PROPERTY.runs} runs`);
      if (viewport === PHONE) await expectNoSideScroll(page);
      await row.scrollIntoViewIfNeeded();
      await shot(page, `property-blocked-${viewport.width}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("the verified level shows its share of the applicable clauses in the headline, at 1280 and 390 px", async () => {
    const doc = passingRun();
    for (const viewport of [WIDE, PHONE]) {
      const { page, context, problems } = await open(join(reports.passing, "index.html"), viewport);
      const level = page.locator(".headline .level");
      const share = `${pct(doc.verifiedShare!.verified, doc.verifiedShare!.applicable)} of applicable clauses verified (${doc.verifiedShare!.verified} of ${doc.verifiedShare!.applicable})`;
      expect((await level.innerText()).replace(/\s+/g, " ")).toBe(`Conforms through FL 250 — ${share}`);
      expect(await level.locator(".share").isVisible()).toBe(true);
      if (viewport === PHONE) await expectNoSideScroll(page);
      await shot(page, `passing-share-${viewport.width}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("compare.html: runs as columns with verified level and score, clauses by release and area, differs and regressed filters, links into each run's report", async () => {
    const c: Comparison = ComparisonSchema.parse(JSON.parse(readFileSync(join(compareDir, "compare.json"), "utf8")));
    expect(c.runs.map((r) => r.label)).toEqual(["target", "later", "faulty"]);
    const { page, context, problems } = await open(join(compareDir, "compare.html"));
    const cols = await page.locator("th.run-col").allInnerTexts();
    expect(cols.map((t) => t.split("\n")[0])).toEqual(["[1] target", "[2] later", "[3] faulty"]);
    const cards = await page.locator(".run:not(.all)").allInnerTexts();
    c.runs.forEach((r, i) => {
      expect(cards[i]).toContain(r.target);
      expect(cards[i]).toContain(r.score.total!.toFixed(1));
      expect(cards[i]).toContain(r.verifiedLevel === null ? "no level" : `FL ${r.verifiedLevel}`);
    });
    expect(await page.locator(".run.all").innerText()).toContain(c.interop.total!.toFixed(1));

    // The clause rows and groups a user sees, with each row's cells (their first word: the status) and the count line.
    const visible = () =>
      page.evaluate(() => {
        const { document } = globalThis as unknown as PageGlobals;
        const seen = (el: PageElement) => el.checkVisibility();
        return {
          rows: [...document.querySelectorAll("tr.c")].filter(seen).map((r) => ({
            clause: r.querySelector("code")!.textContent!,
            cells: [...r.querySelectorAll("td.x")].map((x) => x.textContent!.trim().split(" ")[0]),
          })),
          groups: [...document.querySelectorAll("tbody.grp")].filter(seen).map((g) => ({
            count: g.querySelector(".gh .count")!.textContent,
            rows: [...g.querySelectorAll("tr.c")].filter(seen).length,
            total: g.querySelectorAll("tr.c").length,
          })),
          shown: document.getElementById("f-shown")!.textContent,
        };
      });
    const groupsFollow = (v: Awaited<ReturnType<typeof visible>>) => {
      for (const g of v.groups) expect(g.count).toBe(g.rows === g.total ? `${g.total} clause${g.total === 1 ? "" : "s"}` : `${g.rows} of ${g.total} clauses`);
    };
    // Differs first: the clauses whose status is not the same in every run.
    expect(await page.getAttribute('button.show[data-show="differs"]', "aria-pressed")).toBe("true");
    let v = await visible();
    expect(v.rows.map((r) => r.clause)).toEqual(c.clauses.filter((r) => r.differs).map((r) => r.clause));
    expect(v.shown).toBe(`showing ${v.rows.length} of ${c.clauses.length} clauses`);
    groupsFollow(v);
    await shot(page, "compare-1280", true);

    await page.click('button.show[data-show="regressed"]');
    v = await visible();
    const regressed = c.clauses.filter((r) => r.regressed);
    expect(regressed.length).toBeGreaterThan(0);
    expect(v.rows.map((r) => r.clause)).toEqual(regressed.map((r) => r.clause));
    for (const r of v.rows) {
      expect(r.cells[0]).toBe("pass");
      expect(r.cells.slice(1).some((s) => s === "fail")).toBe(true);
    }
    groupsFollow(v);
    await page.click('button.show[data-show="all"]');
    v = await visible();
    expect(v.rows).toHaveLength(c.clauses.length);
    groupsFollow(v);

    // Every run's column links to its own report, by a relative path that exists.
    const links = await page
      .locator("th.run-col a")
      .evaluateAll((as) => as.map((a) => ({ raw: a.getAttribute("href")!, abs: (a as unknown as { href: string }).href })));
    expect(links.map((l) => l.raw)).toEqual(["../target/index.html", "../later/index.html", "../faulty/index.html"]);
    for (const l of links) expect(existsSync(fileURLToPath(l.abs))).toBe(true);

    // A failing cell opens that test in its run's report, below the filter bar, with its details open.
    await page.click('button.show[data-show="regressed"]');
    const cellLink = page.locator("tr.c:visible td.x:nth-of-type(3).s-fail a").first();
    const href = (await cellLink.getAttribute("href"))!;
    expect(href).toMatch(/^\.\.\/faulty\/index\.html#t\d+$/);
    await cellLink.click();
    await page.waitForURL(/faulty\/index\.html#t\d+$/);
    const at = await placement(page, href.split("#")[1]!);
    expect(at.open && at.onTop && at.top >= at.barBottom).toBe(true);
    // The tables in view are drawn at once, not a frame later.
    const blank = await page.evaluate(() => {
      const { document, innerHeight } = globalThis as unknown as PageGlobals;
      return [...document.querySelectorAll(".rows[hidden]")].filter((r) => r.getBoundingClientRect().top < innerHeight).length;
    });
    expect(blank).toBe(0);
    await shot(page, "compare-cell-opens-run-report-1280");
    expect(problems).toEqual([]);
    await context.close();

    // At 390 px every run's cell of every differing clause is on screen at once, each named by its run.
    const phone = await open(join(compareDir, "compare.html"), PHONE);
    await expectNoSideScroll(phone.page);
    const cells = await phone.page.evaluate(() => {
      const w = globalThis as unknown as PageGlobals;
      return [...w.document.querySelectorAll("tr.c")]
        .filter((r) => r.checkVisibility())
        .map((r) =>
          [...r.querySelectorAll("td.x")].map((x) => {
            const b = x.getBoundingClientRect();
            return { left: b.left, right: b.left + b.width, run: w.getComputedStyle(x, "::before").content, width: w.innerWidth };
          }),
        );
    });
    expect(cells.length).toBe(c.clauses.filter((r) => r.differs).length);
    for (const row of cells) {
      expect(row.map((x) => x.run)).toEqual(c.runs.map((r, i) => `"[${i + 1}] ${r.label}"`));
      for (const x of row) expect(x.left >= 0 && x.right <= x.width, `a cell at ${x.left}–${x.right} of ${x.width} px`).toBe(true);
    }
    await shot(phone.page, "compare-390");
    await shot(phone.page, "compare-390-full", true);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });
});
