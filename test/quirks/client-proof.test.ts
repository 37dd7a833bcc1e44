import { beforeAll, describe, expect, it } from "vitest";
import { DATA_QUIRKS, WIRE_QUIRKS, type QuirkName } from "../../facts/quirks.ts";
import { createReferenceServer } from "../../reference-server/server.ts";
import { clientClauses } from "../../src/catalog/client-clauses.ts";
import { clientOfRow, isClientRow } from "../../src/results/client-rows.ts";
import { startProxy, type Proxy } from "../../src/proxy/proxy.ts";
import { QuirkEngine } from "../../src/quirks/engine.ts";
import type { TestResult } from "../../src/results/schema.ts";
import { carefulClient } from "./clients/careful.ts";
import { naiveClient } from "./clients/naive.ts";

/**
 * The client clauses' proof (issue 25, item 4): under each quirk, through the proxy with that quirk injected in
 * front of the reference server at FL372, a deliberately naive client (clients/naive.ts) fails every client clause
 * the quirk exercises (the clause's `quirks` in src/catalog/data/client-clauses.yaml), and a careful one
 * (clients/careful.ts) fails none. Without a quirk, the naive client fails the clauses any traffic exercises. The
 * quirks' waits are shrunk (timeScale), their schedules are not; each client has a server and a proxy of its own,
 * so that one's traffic never moves the other's schedule.
 */
const FL = 372;
const SECONDS = 8;
const SCALE = 0.2;

/** The clauses a quirk exercises; for no quirk, those that any traffic does (an empty `quirks` list). */
function exercisedBy(quirk: QuirkName | undefined): string[] {
  return clientClauses()
    .filter((c) => (quirk === undefined ? c.quirks.length === 0 : c.quirks.includes(quirk)))
    .map((c) => c.id);
}

/** The scenarios: no quirk, each wire quirk, and the data quirk a clause names. */
const SCENARIOS: (QuirkName | undefined)[] = [undefined, ...WIRE_QUIRKS, ...DATA_QUIRKS.filter((q) => clientClauses().some((c) => c.quirks.includes(q)))];

const line = (t: TestResult) => `${t.clauses[0]}: ${t.status}${t.status === "fail" ? ` — ${t.failure?.got ?? t.message ?? ""}` : ""}`;

/**
 * Idle long-polls are what heartbeats answer and what a cut poll cuts: in those scenarios the clients write seldom,
 * and the server's own heartbeat comes after the quirks' longest waits.
 */
const SEND_EVERY_MS: Partial<Record<QuirkName, number>> = { heartbeats: 5_000, "cut-poll": 1_000 };
/** A cut comes to one long-poll in four from a queue's second: the careful client polls long enough to meet one. */
const SECONDS_UNDER: Partial<Record<QuirkName, number>> = { "cut-poll": 14 };

interface Session {
  rows: TestResult[];
  fired: number;
}

/** One client alone on a reference server at FL372 with `quirk`, through the proxy: its client rows, and the firings. */
async function session(quirk: QuirkName | undefined, client: typeof naiveClient, persona: "member" | "secondMember"): Promise<Session> {
  const data = quirk !== undefined && DATA_QUIRKS.includes(quirk);
  const server = await createReferenceServer({ featureLevel: FL, port: 0, heartbeatMs: 10_000, ...(data ? { quirks: [quirk] } : {}) });
  const engine = new QuirkEngine({
    quirks: quirk !== undefined && !data ? [quirk] : [],
    seed: 1,
    level: { featureLevel: FL, product: "chat" },
    timeScale: SCALE,
  });
  let proxy: Proxy | undefined;
  try {
    proxy = await startProxy({ target: server.url, quirks: engine, level: { featureLevel: FL, product: "chat", notes: [] } });
    const every = quirk === undefined ? undefined : SEND_EVERY_MS[quirk];
    const seconds = (quirk === undefined ? undefined : SECONDS_UNDER[quirk]) ?? SECONDS;
    await client(proxy.url, server.personas[persona]!, { seconds, ...(every !== undefined ? { sendEveryMs: every } : {}) });
    await proxy.settled();
    return { rows: proxy.results().tests.filter(isClientRow), fired: engine.log.filter((f) => f.quirk === quirk).length };
  } finally {
    await proxy?.close();
    await server.close();
  }
}

describe.each(SCENARIOS.map((q) => [q ?? "no quirk", q] as const))("the client clauses under %s, FL372", (_name, quirk) => {
  let naive: Session;
  let careful: Session;
  beforeAll(async () => {
    [naive, careful] = await Promise.all([session(quirk, naiveClient, "member"), session(quirk, carefulClient, "secondMember")]);
  }, 60_000);

  if (quirk !== undefined && WIRE_QUIRKS.includes(quirk))
    it(`${quirk} fired for each client`, () => {
      expect([naive.fired > 0, careful.fired > 0]).toEqual([true, true]);
    });

  it(`the naive client fails each clause it exercises: ${exercisedBy(quirk).join(", ") || "none"}`, () => {
    expect(
      naive.rows.map(clientOfRow).every((c) => c.includes("NaiveTestClient")),
      "the rows are the naive client's",
    ).toBe(true);
    expect(naive.rows).toHaveLength(clientClauses().length);
    for (const clause of exercisedBy(quirk)) {
      const row = naive.rows.find((r) => r.clauses[0] === clause);
      expect(row?.status, `${clause} for the naive client:\n${naive.rows.map(line).join("\n")}`).toBe("fail");
    }
  });

  it("the careful client fails none", () => {
    expect(careful.rows).toHaveLength(clientClauses().length);
    expect(careful.rows.filter((r) => r.status === "fail").map(line)).toEqual([]);
  });
});
