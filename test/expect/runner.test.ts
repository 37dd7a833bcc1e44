import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Descriptor } from "../../src/expect/descriptor.ts";
import { UnverifiableError } from "../../src/expect/failure.ts";
import { runBehaviour } from "../../src/expect/runner.ts";
import { startReferenceTarget } from "../../src/target/reference.ts";
import type { TargetInfo } from "../../src/target/target.ts";

/** The runner's statuses (DESIGN.md): each is reachable, and each says why. */
let target: TargetInfo;
let close: () => Promise<void>;
beforeAll(async () => ({ target, close } = await startReferenceTarget({ featureLevel: 200 })));
afterAll(() => close());

const descriptor = (over: Partial<Descriptor>): Descriptor => ({
  id: "test#x",
  title: "x",
  file: "test",
  clauses: ["fl174.messages.direct-type"],
  gateLevels: [],
  gate: "since",
  needs: [],
  mutates: false,
  run: async () => undefined,
  ...over,
});

describe("runBehaviour", () => {
  it("pass, with the exchanges the test made", async () => {
    const o = await runBehaviour(descriptor({ run: async (t) => void t.expect.success(await t.api(null).get("/server_settings")) }), target);
    expect(o.status).toBe("pass");
    expect(o.exchanges).toHaveLength(1);
  });

  it("n/a outside the clause's range, in both directions", async () => {
    expect((await runBehaviour(descriptor({ clauses: ["fl257.server.realm-url"] }), target)).message).toBe(
      "the clause begins at FL257; the target is at FL200",
    );
    expect((await runBehaviour(descriptor({ gate: "before" }), target)).message).toBe("tests the behaviour before FL174; the target is at FL200");
    expect((await runBehaviour(descriptor({ clauses: ["fl153.messages.realm-str-mismatch-rejected"] }), target)).message).toBe(
      "the clause ends at FL166; the target is at FL200",
    );
  });

  it("unverifiable when the target lacks a persona the test needs, naming the personas to add", async () => {
    const o = await runBehaviour(descriptor({ needs: ["member"] }), { ...target, personas: {} });
    expect(o).toMatchObject({
      status: "unverifiable",
      message: "needs persona member (absent from the target's personas)",
      remedy: "add a member persona to the personas file",
    });
    const two = await runBehaviour(descriptor({ needs: ["owner", "guest"] }), { ...target, personas: {} });
    expect(two.remedy).toBe("add owner and guest personas to the personas file");
  });

  it("unverifiable when the test cannot be set up on this target, with its remedy", async () => {
    const o = await runBehaviour(
      descriptor({
        run: async () => {
          throw new UnverifiableError({ reason: "the target declares no JWT key", remedy: "add serverConfig.jwtKey to the personas file" });
        },
      }),
      target,
    );
    expect(o).toMatchObject({ status: "unverifiable", message: "the target declares no JWT key", remedy: "add serverConfig.jwtKey to the personas file" });
  });

  it("fail names the clause, the spec's words, what came, and a curl line", async () => {
    const o = await runBehaviour(descriptor({ run: async (t) => void t.expect.error(await t.api(null).get("/server_settings"), 400, "BAD_REQUEST") }), target);
    expect(o.status).toBe("fail");
    expect(o.message).toMatch(/^\[fl174\.messages\.direct-type\] spec: /);
    expect(o.message).toContain("got:  HTTP 200");
    expect(o.curl).toMatch(/^curl -sS -X GET '.*\/api\/v1\/server_settings'/);
  });

  it("blocked when a prerequisite fails, not fail", async () => {
    const o = await runBehaviour(descriptor({ run: async (t) => void (await t.must("a prerequisite", t.api(null).get("/users/me"))) }), target);
    expect(o.status).toBe("blocked");
    expect(o.message).toMatch(/^prerequisite failed: a prerequisite/);
  });

  it("error for the network or the harness, never fail", async () => {
    const down = await runBehaviour(descriptor({ run: async (t) => void (await t.api(null).get("/server_settings")) }), {
      ...target,
      url: "http://127.0.0.1:9",
    });
    expect(down.status).toBe("error");
    expect(down.message).toMatch(/^NetworkError/);
    const gating = await runBehaviour(descriptor({ gate: "always", run: async (t) => void t.fl.atLeast(300) }), target);
    expect(gating.status).toBe("error");
    expect(gating.message).toMatch(/branches on FL300, which is not the level or until of any of its clauses/);
    const unknown = await runBehaviour(descriptor({ clauses: ["fl999.messages.no-such-clause"] }), target);
    expect(unknown).toMatchObject({ status: "error" });
  });

  it("credentials never appear in the exchanges or the curl line", async () => {
    const o = await runBehaviour(
      descriptor({ needs: ["member"], run: async (t) => void t.expect.error(await t.api("member").get("/users/me"), 401, "UNAUTHORIZED") }),
      target,
    );
    const text = JSON.stringify(o);
    // The test may have run as either member persona (src/target/persona-spread.ts): neither key may show.
    for (const p of [target.personas.member!, target.personas.secondMember!]) expect(text).not.toContain(p.apiKey);
    expect(o.curl).toMatch(/-u "(member|second)@lab\.example:\$API_KEY"/);
  });
});
