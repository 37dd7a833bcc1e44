import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { describe, expect, it } from "vitest";
import { clientOfRow, isClientRow } from "../../src/results/client-rows.ts";
import { ResultsSchema } from "../../src/results/schema.ts";
import { CLI } from "../support/cli-entry.ts";

/**
 * serve --quirks reports its clients (issue 25, item 3): when it stops, each client it served is judged on the
 * client clauses, the broken ones printed one line each, and the report written to --out as proxy writes its own.
 */
const ROOT = new URL("../../", import.meta.url).pathname;

describe("serve --quirks's client report", () => {
  it("a naive client polling a queue the queue-expiry quirk killed fails reregisters-after-bad-queue, in the lines and in results.json", async () => {
    const out = mkdtempSync(join(tmpdir(), "cc-serve-clients-"));
    const child = spawn(process.execPath, [...CLI, "serve", "--port", "0", "--json", "--quirks", "queue-expiry", "--out", out], { cwd: ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exit = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    try {
      while (!/^\{.*\}$/m.test(stdout)) {
        if (child.exitCode !== null) throw new Error(`serve exited ${child.exitCode}: ${stderr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const doc = JSON.parse(/^\{.*\}$/m.exec(stdout)![0]) as { url: string; personas: Record<string, { email: string; apiKey: string }> };
      const p = doc.personas.member!;
      const headers = { authorization: `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`, "user-agent": "naive-bot/0.1" };
      const reg = await request(`${doc.url}/api/v1/register`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: "event_types=%5B%22message%22%5D",
      });
      const queue = ((await reg.body.json()) as { queue_id: string }).queue_id;
      // Naive: polls on whatever the answer, eight times (the queue expires at its 3rd to 6th poll).
      for (let i = 0; i < 8; i++) {
        const res = await request(`${doc.url}/api/v1/events?queue_id=${encodeURIComponent(queue)}&last_event_id=-1&dont_block=true`, { headers });
        await res.body.text();
      }
    } finally {
      child.kill("SIGTERM");
    }
    try {
      expect(await exit, stderr).toBe(0);
      expect(stderr).toMatch(/^client violation \[client\.reregisters-after-bad-queue\] \S+ \(naive-bot\/0\.1\): want: at most 1 more poll/m);
      expect(stderr).toMatch(/^clients: 1 judged on \d+ client clause rows, \d+ must and \d+ should client clause rows broken; the client report: /m);
      const results = ResultsSchema.parse(JSON.parse(readFileSync(join(out, "results.json"), "utf8")));
      const rows = results.tests.filter(isClientRow);
      expect(new Set(rows.map(clientOfRow)).size).toBe(1);
      expect(rows.find((r) => r.clauses[0] === "client.reregisters-after-bad-queue")).toMatchObject({ status: "fail", strength: "must" });
      expect(readFileSync(join(out, "junit.xml"), "utf8")).toContain("client.reregisters-after-bad-queue");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  it("--out without --quirks is a usage error", async () => {
    const child = spawn(process.execPath, [...CLI, "serve", "--port", "0", "--out", "x"], { cwd: ROOT });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    expect(await new Promise<number | null>((r) => child.on("exit", (code) => r(code)))).toBe(2);
    expect(stderr).toMatch(/--out goes with --quirks/);
  });
});
