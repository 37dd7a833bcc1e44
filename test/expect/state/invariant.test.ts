import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Descriptor } from "../../../src/expect/descriptor.ts";
import { runBehaviour } from "../../../src/expect/runner.ts";
import type { TestContext } from "../../../src/expect/context.ts";
import { INVARIANT_CLAUSE, StateWatch } from "../../../src/expect/state/invariant.ts";
import { mergeRecords } from "../../../src/expect/state/record.ts";
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
  run: async (t) =>
    void t.expect.success(
      await t.api("secondMember").post("/messages", { type: "direct", to: JSON.stringify([t.persona("member").userId]), content: "hello" }),
    ),
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

  /** A body that watches the member itself (StateWatch.start, attached), sends it a direct message, and `then`. */
  const watchingItself = (then: (w: StateWatch, t: TestContext) => Promise<unknown>): Descriptor => ({
    ...sendsDirect,
    run: async (t) => {
      const w = await StateWatch.start(t.target, "member", {}, []);
      if (typeof w === "string") throw new Error(w);
      t.watching(w);
      try {
        await sendsDirect.run(t);
        await then(w, t);
      } finally {
        await w.close();
      }
    },
  });

  it("counts the comparisons of the test's own watchers (TestContext.watching) in its record, in an opt-out's place", async () => {
    const o = await runBehaviour({ ...watchingItself((w, t) => w.check(t.exchanges)), invariant: { off: "its own watchers" } }, clean);
    expect(o.status, o.message).toBe("pass");
    expect(o.invariant).toMatchObject({ status: "checked", reduced: ["message"], own: 1 });
    expect(o.invariant!.sections).toContain("message");
    expect(o.invariant!.why).toBeUndefined();
    // Beside the runner's watcher: both records in one.
    const both = await runBehaviour(
      watchingItself((w, t) => w.check(t.exchanges)),
      clean,
    );
    expect(both.invariant).toMatchObject({ status: "checked", reduced: ["message"], own: 1 });
  });

  it("an own watcher's events applied after its last comparison, or a failed comparison, keep the record from checked", async () => {
    const never = await runBehaviour({ ...watchingItself((w) => w.poll(2000)), invariant: { off: "its own watchers" } }, clean);
    expect(never.invariant).toMatchObject({ status: "skipped", why: "the test never compared its watcher's state", own: 1 });
    const again = async (w: StateWatch, t: TestContext) => {
      await w.check(t.exchanges);
      await sendsDirect.run(t);
      await w.poll(2000);
    };
    const late = await runBehaviour({ ...watchingItself(again), invariant: { off: "its own watchers" } }, clean);
    expect(late.status, late.message).toBe("pass");
    expect(late.invariant).toMatchObject({ status: "skipped", reduced: ["message"], own: 1 });
    expect(late.invariant!.why).toContain("after the watcher's last comparison");
    const failed = await runBehaviour({ ...watchingItself((w, t) => w.check(t.exchanges)), invariant: { off: "its own watchers" } }, faulty);
    expect(failed.failedClause).toBe(INVARIANT_CLAUSE);
    expect(failed.invariant).toMatchObject({ status: "failed", own: 1 });
  });

  it("refetches unread_msgs only when the events changed its value: marking read what is read costs no refetch of it", async () => {
    // The member's own message is read for it: its update_message_flags event rebuilds unread_msgs as it was.
    const marksOwnRead: Descriptor = {
      ...sendsDirect,
      id: "test#own-read",
      run: async (t) => {
        const sent = await t.api("member").post("/messages", { type: "direct", to: JSON.stringify([t.persona("secondMember").userId]), content: "mine" });
        const id = t.expect.success(sent).id;
        t.expect.success(await t.api("member").post("/messages/flags", { messages: JSON.stringify([id]), op: "add", flag: "read" }));
      },
    };
    const o = await runBehaviour(marksOwnRead, clean);
    expect(o.status, o.message).toBe("pass");
    expect(o.invariant).toMatchObject({ status: "checked", reduced: ["message", "update_message_flags/add"] });
    expect(o.invariant!.sections).not.toContain("update_message_flags");
    // A message from someone else is unread for the member: the same sections then carry unread_msgs.
    const received = await runBehaviour(sendsDirect, clean);
    expect(received.invariant!.sections).toContain("update_message_flags");
  });

  it("merges records: failed over skipped over checked, the events and sections of all", () => {
    const r = (status: "checked" | "failed" | "skipped", reduced: string[], why?: string) => ({
      status,
      reduced,
      unknown: [],
      sections: reduced,
      ...(why ? { why } : {}),
    });
    expect(mergeRecords([r("checked", ["a"]), r("checked", ["b", "a"])])).toEqual({
      status: "checked",
      reduced: ["a", "b"],
      unknown: [],
      sections: ["a", "b"],
    });
    expect(mergeRecords([r("checked", ["a"]), r("skipped", [], "x"), r("skipped", [], "y")])).toMatchObject({ status: "skipped", why: "x; y" });
    expect(mergeRecords([r("skipped", [], "x"), r("failed", ["c"])])).toMatchObject({ status: "failed", reduced: ["c"] });
  });
});
