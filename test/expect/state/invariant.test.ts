import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Descriptor } from "../../../src/expect/descriptor.ts";
import { runBehaviour } from "../../../src/expect/runner.ts";
import { INVARIANT_CLAUSE } from "../../../src/expect/state/invariant.ts";
import { startReferenceTarget } from "../../../src/target/reference.ts";
import type { TargetInfo } from "../../../src/target/target.ts";

/**
 * The invariant by default, end to end: a mutating test is watched and compared on a clean server, and a server
 * fault that makes register and events disagree (fl153.events.state-consistency: register's max_message_id leaves
 * out direct messages, whose events the client still gets) fails the test on the invariant's clause, naming the
 * key path, both values, the events received and the action's curl. Opt-outs and read-only tests are not watched.
 */
const servers: Array<() => Promise<void>> = [];
let clean: TargetInfo;
let faulty: TargetInfo;
beforeAll(async () => {
  const a = await startReferenceTarget({ featureLevel: 372 });
  const b = await startReferenceTarget({ featureLevel: 372, faults: ["fl153.events.state-consistency"] });
  servers.push(a.close, b.close);
  clean = a.target;
  faulty = b.target;
});
afterAll(() => Promise.all(servers.map((c) => c())));

/** A test that sends the watcher (member) a direct message: events message, and nothing else. */
const sendsDirect: Descriptor = {
  id: "test#dm",
  title: "dm",
  file: "test",
  clauses: ["fl174.messages.direct-type"],
  gateLevels: [],
  gate: "since",
  needs: ["member", "secondMember"],
  mutates: true,
  run: async (t) => void t.expect.success(await t.api("secondMember").post("/messages", { type: "direct", to: JSON.stringify([t.persona("member").userId]), content: "hello" })),
};

describe("the state invariant", () => {
  it("watches a mutating test on a clean server: the message reduced, its sections compared", async () => {
    const o = await runBehaviour(sendsDirect, clean);
    expect(o.status, o.message).toBe("pass");
    expect(o.invariant).toMatchObject({ status: "checked", reduced: ["message"] });
    expect(o.invariant!.sections).toEqual(expect.arrayContaining(["message", "update_message_flags"]));
    // The watcher's requests are its own: the test's exchanges are the body's.
    expect(o.exchanges).toHaveLength(1);
  });

  it("a pooled watcher serves the worker's next test and still compares", async () => {
    const first = await runBehaviour(sendsDirect, clean);
    const second = await runBehaviour(sendsDirect, clean);
    expect([first.invariant?.status, second.invariant?.status]).toEqual(["checked", "checked"]);
  });

  it("fails on its own clause when register and events disagree, saying where, both values, the events and the action", async () => {
    const o = await runBehaviour(sendsDirect, faulty);
    expect(o.status).toBe("fail");
    expect(o.failedClause).toBe(INVARIANT_CLAUSE);
    expect(o.invariant?.status).toBe("failed");
    expect(o.message).toContain("max_message_id");
    expect(o.message).toMatch(/events received: message#\d+/);
    expect(o.message).toMatch(/reduced \d+ \(number\)/);
    expect(o.curl).toContain("/api/v1/messages");
  });

  it("does not watch opt-outs (recording why) or read-only tests, and never hides the test's own failure", async () => {
    const off = await runBehaviour({ ...sendsDirect, invariant: { off: "a reason" } }, faulty);
    expect(off.status).toBe("pass");
    expect(off.invariant).toMatchObject({ status: "skipped", why: "a reason" });
    expect((await runBehaviour({ ...sendsDirect, mutates: false }, faulty)).invariant).toBeUndefined();
    const own = await runBehaviour({ ...sendsDirect, run: async (t) => t.expect.fail("its own thing", "not it") }, faulty);
    expect(own.failedClause).toBe("fl174.messages.direct-type");
    expect(own.invariant?.status).toBe("skipped");
  });
});
