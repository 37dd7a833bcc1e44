import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Descriptor } from "../../src/expect/descriptor.ts";
import { runBehaviour } from "../../src/expect/runner.ts";
import { startReferenceTarget } from "../../src/target/reference.ts";
import type { TargetInfo } from "../../src/target/target.ts";

/** t.cleanup: what a test made is removed when it ends, whatever its outcome, and what cannot be is reported. */
let target: TargetInfo;
let close: () => Promise<void>;
beforeAll(async () => ({ target, close } = await startReferenceTarget({ featureLevel: 372 })));
afterAll(() => close());

const descriptor = (run: Descriptor["run"]): Descriptor => ({
  id: "test#cleanup",
  title: "cleanup",
  file: "test",
  clauses: ["fl174.messages.direct-type"],
  gateLevels: [],
  gate: "since",
  needs: ["member"],
  mutates: true,
  run,
});

describe("TestContext.cleanup", () => {
  it("runs after a passing body, the last registered first, without adding to the test's exchanges", async () => {
    const order: string[] = [];
    const o = await runBehaviour(
      descriptor(async (t) => {
        t.cleanup("first", async () => void order.push("first"));
        t.cleanup("second", async () => {
          order.push("second");
          return t.api("member").get("/users/me");
        });
        t.expect.success(await t.api(null).get("/server_settings"));
        order.push("body");
      }),
      target,
    );
    expect(o.status).toBe("pass");
    expect(order).toEqual(["body", "second", "first"]);
    expect(o.leftovers).toBeUndefined();
    expect(o.exchanges.map((x) => x.url)).toEqual([expect.stringContaining("/server_settings")]);
  });

  it("runs after a failing body; the verdict stays, and what could not be removed is a leftover", async () => {
    let channelId = 0;
    const o = await runBehaviour(
      descriptor(async (t) => {
        const member = t.api("member");
        const name = t.unique("cleanup");
        t.expect.success(await member.post("/users/me/subscriptions", { subscriptions: [{ name }] }));
        channelId = (t.expect.success(await member.get("/get_stream_id", { stream: name })).stream_id as number) ?? 0;
        // A member may not archive a channel: refused, so left behind.
        t.cleanup(`channel ${name}`, () => member.delete(`/streams/${channelId}`));
        t.cleanup("a scheduled message already gone", () => member.delete("/scheduled_messages/987654321"));
        t.cleanup("a step that throws", async () => {
          throw new Error("the network went away\nwith details");
        });
        t.expect.error(await member.get("/users/me"), 400, "BAD_REQUEST");
      }),
      target,
    );
    expect(o.status).toBe("fail");
    expect(o.exchanges.at(-1)?.url).toContain("/users/me");
    expect(o.leftovers).toEqual(["a step that throws: the network went away", expect.stringMatching(/^channel .*: HTTP 400 /)]);
    expect(channelId).toBeGreaterThan(0);
  });

  it("runs when the test is blocked by a failed prerequisite", async () => {
    let removed = false;
    const o = await runBehaviour(
      descriptor(async (t) => {
        t.cleanup("something", async () => void (removed = true));
        await t.must("an impossible prerequisite", t.api("member").get("/users/987654321"));
      }),
      target,
    );
    expect(o.status).toBe("blocked");
    expect(removed).toBe(true);
  });
});
