import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Results } from "../../src/results/schema.ts";
import { PERSONA_ROLES, type PersonaRole } from "../../src/target/personas.ts";
import { CLI } from "../support/cli-entry.ts";
import { serveChild, type ServeLine } from "../support/serve-child.ts";

/**
 * A server implementer's first runs hold the accounts they have: often one, sometimes all but one. Tests and their
 * cleanups use only the personas they declare, so a missing persona makes the tests that need it not verifiable
 * (with the remedy), never a failure, an error, a blocked test, exit 1 or something left on the server. The whole
 * suite runs against `serve` with each persona alone (7 runs) and with each one missing (7 runs); the personas
 * files keep serve's serverConfig, so that the throw-away organizations (which have every persona) still work.
 */

const ROOT = new URL("../../", import.meta.url).pathname;
/** Two lanes, each with a `serve` of its own (runs on one server at once would share its settings): 2 cores. */
const LANES = 2;
/** Fourteen full runs, two at a time, on a shared machine. */
const TIMEOUT_MS = 40 * 60_000;

interface Case {
  name: string;
  roles: PersonaRole[];
}

const CASES: Case[] = [
  ...PERSONA_ROLES.map((r) => ({ name: `${r} alone`, roles: [r] })),
  ...PERSONA_ROLES.map((r) => ({ name: `all but ${r}`, roles: PERSONA_ROLES.filter((x) => x !== r) })),
];

interface Outcome {
  c: Case;
  code: number | null;
  output: string;
  results: Results;
}

function runWith(c: Case, served: ServeLine, dir: string): Promise<Outcome> {
  const file = join(dir, `${c.name.replace(/\W+/g, "-")}.json`);
  const personas = Object.fromEntries(c.roles.map((r) => [r, served.personas[r]]));
  writeFileSync(file, JSON.stringify({ url: served.url, personas, serverConfig: served.serverConfig }));
  const out = join(dir, `${c.name.replace(/\W+/g, "-")}-out`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, "run", "--target", served.url, "--personas", file, "--out", out], { cwd: ROOT });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      try {
        // Read, not validated: the schema's own test holds the document to it; these runs read a few fields.
        resolve({ c, code, output, results: JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as Results });
      } catch (e) {
        reject(new Error(`${c.name}: run exited ${code} without a valid results.json: ${(e as Error).message}\n${output.slice(-2000)}`));
      }
    });
  });
}

describe("the suite with personas missing (each alone, each left out)", () => {
  const dir = mkdtempSync(join(tmpdir(), "cc-personas-missing-"));
  const stops: Array<() => Promise<number | null>> = [];
  const outcomes: Outcome[] = [];

  beforeAll(async () => {
    const queue = [...CASES];
    // Every lane ends before the verdict (a failed run must not leave the other lane writing into the folder).
    const lanes = await Promise.allSettled(
      Array.from({ length: LANES }, async () => {
        // A heartbeat of 2 s, as the embedded server's: nothing here depends on a real server's 50.
        const { doc, stop } = await serveChild(["--heartbeat-seconds", "2"], ROOT);
        stops.push(stop);
        for (let c = queue.shift(); c; c = queue.shift()) outcomes.push(await runWith(c, doc, dir));
      }),
    );
    const failed = lanes.find((l) => l.status === "rejected");
    if (failed) throw failed.reason;
  }, TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(stops.map((s) => s()));
    rmSync(dir, { recursive: true, force: true });
    // A serve that held many runs' queues takes a while to answer them all on the way out, on a busy machine.
  }, 120_000);

  it("every run exits 0, with no test failed, errored or blocked", () => {
    expect(outcomes.length).toBe(CASES.length);
    for (const o of outcomes) {
      const problems = o.results.tests
        .filter((t) => t.status === "fail" || t.status === "error" || t.status === "blocked")
        .map((t) => `${t.status} ${t.id}: ${(t.message ?? "").split("\n").slice(0, 6).join("\n")}`);
      expect(problems, `${o.c.name}: tests with problems`).toEqual([]);
      expect(o.code, `${o.c.name}: exit code\n${o.output.slice(-1500)}`).toBe(0);
    }
  });

  it("no run leaves anything behind", () => {
    for (const o of outcomes) expect(o.results.leftovers ?? [], `${o.c.name}: leftovers`).toEqual([]);
  });

  it("a test that needs a missing persona is not verifiable, and its remedy names the persona to add", () => {
    for (const o of outcomes) {
      const missing = PERSONA_ROLES.filter((r) => !o.c.roles.includes(r));
      const needing = o.results.tests.filter((t) => t.status === "unverifiable" && /^needs persona /.test(t.message ?? ""));
      // Every persona but the ones present is missing somewhere in the suite: some test says so.
      if (missing.length) expect(needing.length, `${o.c.name}: tests not verifiable for a missing persona`).toBeGreaterThan(0);
      for (const t of needing) {
        expect(t.remedy, `${o.c.name}: ${t.id}`).toMatch(/^add .* personas? to the personas file$/);
        const named = (t.message ?? "")
          .replace(/^needs persona /, "")
          .replace(/ \(.*$/, "")
          .split(", ");
        expect(
          named.every((r) => missing.includes(r as PersonaRole)),
          `${o.c.name}: ${t.id} names ${named.join(", ")}`,
        ).toBe(true);
      }
    }
  });

  it("the runs with every persona but one verify the tests that do not need it", () => {
    for (const o of outcomes.filter((x) => x.c.roles.length === PERSONA_ROLES.length - 1)) {
      expect(o.results.tests.filter((t) => t.status === "pass").length, `${o.c.name}: passing tests`).toBeGreaterThan(100);
    }
  });
});
