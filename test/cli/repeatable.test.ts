import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Results } from "../../src/results/schema.ts";
import { runCli } from "../support/cli-run.ts";
import { serveChild } from "../support/serve-child.ts";

/**
 * CI pipelines run the suites against one long-lived staging server, day after day: a run must judge the server
 * the same way however many runs came before it. One `serve`, three full runs against it (`run --target`), and
 * every test must reach the same verdict each time, with nothing left behind that its cleanups could not remove.
 */

const ROOT = new URL("../../", import.meta.url).pathname;
const RUNS = 3;
/** A full run takes under a minute on a shared machine; three of them, with room to spare. */
const TIMEOUT_MS = 30 * 60_000;

interface Served {
  url: string;
  file: string;
  stop: () => Promise<number | null>;
}

/**
 * `serve` as a child process, its line in a personas file. Its heartbeat is 2 s, the embedded server's, rather than
 * a real server's 50: what these runs check does not depend on it, and each run would otherwise wait out the long one.
 */
async function serve(dir: string): Promise<Served> {
  const { line, doc, stop } = await serveChild(["--heartbeat-seconds", "2"], ROOT);
  const file = join(dir, "serve.json");
  writeFileSync(file, line);
  return { url: doc.url, file, stop };
}

/** One `run --target` against the server. */
const run = (served: Served, out: string) => runCli(["--target", served.url, "--personas", served.file], out);

describe("the suites are repeatable against one long-lived server", () => {
  const dir = mkdtempSync(join(tmpdir(), "cc-repeat-"));
  let served: Served | undefined;
  const runs: Array<{ code: number | null; output: string; results: Results }> = [];

  beforeAll(async () => {
    served = await serve(dir);
    for (let i = 1; i <= RUNS; i++) runs.push(await run(served, join(dir, `run${i}`)));
  }, TIMEOUT_MS);

  afterAll(async () => {
    await served?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`${RUNS} runs in a row give every test the same verdict`, () => {
    const verdicts = runs.map((r) => new Map(r.results.tests.map((t) => [t.id, t.status])));
    const ids = [...new Set(verdicts.flatMap((v) => [...v.keys()]))].sort();
    const differing = ids
      .map((id) => ({ id, statuses: verdicts.map((v) => v.get(id) ?? "absent") }))
      .filter((d) => new Set(d.statuses).size > 1)
      .map((d) => {
        // The message of the run that broke the pattern says why.
        const odd = runs.map((r) => r.results.tests.find((t) => t.id === d.id)).find((t) => t !== undefined && t.status !== d.statuses[0]);
        return `${d.id}: ${d.statuses.join(" → ")}${odd?.message ? ` (${odd.message.split("\n")[0]})` : ""}`;
      });
    expect(differing, "tests whose verdict changed from run to run").toEqual([]);
  });

  it("each run exits 0", () => {
    for (const [i, r] of runs.entries()) {
      // The whole message (a property's counterexample and seed, the invariant's key path and events), so that a
      // failure seen once in CI can be replayed from its log.
      const problems = r.results.tests
        .filter((t) => t.status === "fail" || t.status === "error" || t.status === "blocked")
        .map((t) => `${t.status} ${t.id}: ${(t.message ?? "").split("\n").slice(0, 40).join("\n")}`);
      expect(r.code, `run ${i + 1}: ${problems.join("\n") || r.output.slice(-2000)}`).toBe(0);
    }
  });

  // Against serve with its whole --json line, the harness can set up everything the embedded server can.
  it("every test is verifiable against serve, and each run conforms through FL 372", () => {
    for (const [i, r] of runs.entries()) {
      const unverifiable = r.results.tests.filter((t) => t.status === "unverifiable").map((t) => `${t.id}: ${t.message ?? ""}`);
      expect(unverifiable, `unverifiable tests in run ${i + 1}`).toEqual([]);
      expect(r.results.partial, `run ${i + 1} is partial`).toBeNull();
      expect(r.results.verifiedLevel).toBe(372);
      expect(r.output).toMatch(/Verified: conforms through FL 372 — \d+% of applicable clauses verified \(\d+ of \d+\)\n/);
    }
  });

  it("each run removes what its tests made (no leftovers)", () => {
    for (const [i, r] of runs.entries()) expect(r.results.leftovers ?? [], `leftovers of run ${i + 1}`).toEqual([]);
  });
});
