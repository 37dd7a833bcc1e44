import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unreadMsgs, unreadMsgsByMessage } from "../../reference-server/wire/register/messages/unreads.ts";
import { startOps, type Ops, type Persona } from "./zulip-ops-support.ts";

/**
 * unread_msgs is read from each user's unread groups (reference-server/state/unread-places.ts), kept as messages
 * arrive, move, are read and deleted. The walk of the unread messages one by one (used past the 50000 cap) is the
 * model: after any sequence of such steps, both give every persona the same object.
 */
const PEOPLE: Persona[] = ["member", "secondMember", "administrator"];
const TOPICS = ["alpha", "Alpha", "beta", ""];

type Step =
  | { kind: "channel"; from: number; topic: number; mention: "none" | "direct" | "all" }
  | { kind: "direct"; from: number; to: number[] }
  | { kind: "read"; who: number; newest: number }
  | { kind: "move"; which: number; topic: number }
  | { kind: "delete"; which: number }
  | { kind: "mute"; who: number; topic: number; policy: 0 | 1 | 2 | 3 };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("channel" as const),
    from: fc.nat(2),
    topic: fc.nat(TOPICS.length - 1),
    mention: fc.constantFrom("none" as const, "direct" as const, "all" as const),
  }),
  fc.record({ kind: fc.constant("direct" as const), from: fc.nat(2), to: fc.uniqueArray(fc.nat(2), { minLength: 1, maxLength: 2 }) }),
  fc.record({ kind: fc.constant("read" as const), who: fc.nat(2), newest: fc.nat(3) }),
  fc.record({ kind: fc.constant("move" as const), which: fc.nat(20), topic: fc.nat(TOPICS.length - 1) }),
  fc.record({ kind: fc.constant("delete" as const), which: fc.nat(20) }),
  fc.record({
    kind: fc.constant("mute" as const),
    who: fc.nat(2),
    topic: fc.nat(TOPICS.length - 1),
    policy: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const),
  }),
);

let ops: Ops;
let channelId: number;
beforeAll(async () => {
  ops = await startOps(372);
  await ops.call("administrator", "POST", "/users/me/subscriptions", {
    subscriptions: [{ name: "unread-groups" }],
    principals: PEOPLE.map((p) => ops.id(p)),
  });
  channelId = ops.server.runtime.store.channelByName("unread-groups")!.id;
});
afterAll(() => ops.close());

async function apply(s: Step, sent: number[]): Promise<void> {
  if (s.kind === "channel") {
    const mention = s.mention === "direct" ? "@**Mia Member** " : s.mention === "all" ? "@**all** " : "";
    const r = await ops.call(PEOPLE[s.from]!, "POST", "/messages", { type: "stream", to: channelId, topic: TOPICS[s.topic], content: `${mention}hi` });
    if (r.body.id) sent.push(r.body.id as number);
  } else if (s.kind === "direct") {
    const r = await ops.call(PEOPLE[s.from]!, "POST", "/messages", { type: "private", to: s.to.map((i) => ops.id(PEOPLE[i]!)), content: "hi" });
    if (r.body.id) sent.push(r.body.id as number);
  } else if (s.kind === "read") {
    const messages = sent.slice(-1 - s.newest);
    if (messages.length) await ops.call(PEOPLE[s.who]!, "POST", "/messages/flags", { messages, op: "add", flag: "read" });
  } else if (s.kind === "move") {
    const id = sent[s.which % Math.max(1, sent.length)];
    if (id !== undefined) await ops.call("administrator", "PATCH", `/messages/${id}`, { topic: TOPICS[s.topic] || "moved", propagate_mode: "change_one" });
  } else if (s.kind === "delete") {
    const id = sent[s.which % Math.max(1, sent.length)];
    if (id !== undefined) await ops.call("administrator", "DELETE", `/messages/${id}`);
  } else {
    await ops.call(PEOPLE[s.who]!, "POST", "/user_topics", { stream_id: channelId, topic: TOPICS[s.topic], visibility_policy: s.policy });
  }
}

describe("unread_msgs from the unread groups equals the walk of the unread messages", () => {
  it("after any sequence of sends, reads, moves, deletions and topic policies, for every persona and both empty-topic forms", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const sent: number[] = [];
        for (const s of steps) await apply(s, sent);
        const rt = ops.server.runtime;
        for (const p of PEOPLE)
          for (const allowEmpty of [false, true]) expect(unreadMsgs(rt, ops.id(p), allowEmpty)).toEqual(unreadMsgsByMessage(rt, ops.id(p), allowEmpty));
      }),
      { numRuns: 40 },
    );
  });
});
