import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { WIRE_QUIRKS, type QuirkName } from "../../facts/quirks.ts";
import { createReferenceServer } from "../../reference-server/server.ts";
import { clientClauses } from "../../src/catalog/client-clauses.ts";
import { isClientRow } from "../../src/results/client-rows.ts";
import { startProxy } from "../../src/proxy/proxy.ts";
import { QuirkEngine } from "../../src/quirks/engine.ts";
import type { ResultStatus } from "../../src/results/schema.ts";

/**
 * zulip-js 2.1.0, a real client from npm, through every wire quirk (issue 25, item 4): a small app written the way
 * its README shows (zulip-js-app.mjs, in a process of its own: callOnEachEvent and messages.send every 350 ms) runs
 * through the proxy with one quirk injected in front of the reference server as `zulip` at FL372, and the client
 * judge's rows say what it does. Beside them, whether the app survived: of its messages sent in the second half of
 * its life, how many came back to it as events. The table is printed; the README's client section shows it.
 *
 * What the test holds, read from zulip-js's lib/events_wrapper.js and confirmed here: its event loop never deletes
 * its queue, and after BAD_EVENT_QUEUE_ID it polls the dead queue once a second for ever, so under queue-expiry and
 * restart it fails client.reregisters-after-bad-queue and receives nothing more.
 */
const FL = 372;
const SECONDS = 10;
const SCALE = 0.2;
/** Idle long-polls are what heartbeats answer and a cut poll cuts: there the app writes seldom, for longer. */
const SEND_EVERY_MS: Partial<Record<QuirkName, number>> = { heartbeats: 2_500, "cut-poll": 2_500 };
const SECONDS_UNDER: Partial<Record<QuirkName, number>> = { heartbeats: 24, "cut-poll": 24 };
const APP = fileURLToPath(new URL("./zulip-js-app.mjs", import.meta.url));
const run = promisify(execFile);

interface Measured {
  quirk: string;
  fired: number;
  statuses: Record<string, ResultStatus>;
  sent: number;
  late: number;
  receivedLate: number;
}

const table: Measured[] = [];

async function measure(quirk: QuirkName | undefined): Promise<Measured> {
  const server = await createReferenceServer({ featureLevel: FL, port: 0, product: "zulip", heartbeatMs: 10_000 });
  const engine = new QuirkEngine({ quirks: quirk ? [quirk] : [], seed: 1, level: { featureLevel: FL, product: "zulip" }, timeScale: SCALE });
  const proxy = await startProxy({ target: server.url, quirks: engine, level: { featureLevel: FL, product: "zulip", notes: [] } });
  try {
    const me = server.personas.member!;
    const seconds = (quirk && SECONDS_UNDER[quirk]) ?? SECONDS;
    const { stdout } = await run(process.execPath, [APP, proxy.url, me.email, me.apiKey, String(seconds), String((quirk && SEND_EVERY_MS[quirk]) ?? 350)], {
      timeout: (seconds + 30) * 1000,
    });
    const app = JSON.parse(stdout.trim().split("\n").at(-1)!) as { sent: number; late: number; receivedLate: number };
    await proxy.settled();
    const rows = proxy.results().tests.filter(isClientRow);
    const statuses = Object.fromEntries(rows.map((r) => [r.clauses[0]!, r.status]));
    return { quirk: quirk ?? "none", fired: engine.log.filter((f) => f.quirk === quirk).length, statuses, ...app };
  } finally {
    await proxy.close();
    await server.close();
  }
}

const SHORT: Record<string, string> = { pass: "pass", fail: "**fail**", "n/a": "–" };

/** The measured table in Markdown: a row per quirk, a column per client clause, and whether the app survived. */
function markdown(rows: readonly Measured[]): string {
  const clauses = clientClauses().map((c) => c.id);
  const head = `| quirk | ${clauses.map((c) => c.replace("client.", "")).join(" | ")} | its messages back, second half |`;
  const rule = `|${" --- |".repeat(clauses.length + 2)}`;
  const body = rows.map(
    (m) => `| ${m.quirk} | ${clauses.map((c) => SHORT[m.statuses[c] ?? "n/a"] ?? m.statuses[c]).join(" | ")} | ${m.receivedLate} of ${m.late} |`,
  );
  return [head, rule, ...body].join("\n");
}

afterAll(() => {
  if (table.length) console.log(`zulip-js 2.1.0 through each quirk (FL${FL}, --product zulip):\n${markdown(table)}`);
});

describe.each([undefined, ...WIRE_QUIRKS].map((q) => [q ?? "no quirk", q] as const))("zulip-js 2.1.0 under %s", (_name, quirk) => {
  it("is judged on every client clause, and never deletes a queue it holds", async () => {
    const m = await measure(quirk);
    table.push(m);
    if (quirk) expect(m.fired, `${quirk} fired`).toBeGreaterThan(0);
    expect(Object.keys(m.statuses).sort()).toEqual(
      clientClauses()
        .map((c) => c.id)
        .sort(),
    );
    if (quirk === "queue-expiry" || quirk === "restart") {
      // A lost queue is none the client had to delete.
      expect(m.statuses["client.deletes-queue"]).toBe("pass");
      expect(m.statuses["client.reregisters-after-bad-queue"]).toBe("fail");
      expect(m.receivedLate, "its own messages came back after its queue was lost").toBe(0);
    } else expect(m.statuses["client.deletes-queue"]).toBe("fail");
    if (quirk === undefined) expect(m.receivedLate, "without a quirk every message comes back").toBe(m.late);
  }, 120_000);
});
