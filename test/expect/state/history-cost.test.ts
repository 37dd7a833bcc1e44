import { describe, expect, it } from "vitest";
import type { AnyEvent } from "../../../src/schemas/events/envelope.ts";
import { differences } from "../../../src/expect/state/compare.ts";
import type { ClientState } from "../../../src/expect/state/model.ts";
import { reduceAll } from "../../../src/expect/state/reducers.ts";

/**
 * The state model on an account with a long history (fl153.events.state-consistency): events share what they do
 * not change with the state before them (an event costs what it touches, not the account's unread list), and
 * share it without changing it, so that every earlier state the invariant holds stays what it was.
 */

const ME = 11;
const ctx = () => ({ userId: ME, fl: 372, product: "chat" as const, capabilities: {}, unknowable: () => undefined });
let nextId = 1_000_000;
const ev = (type: string, fields: Record<string, unknown>): AnyEvent => ({ id: nextId++, type, ...fields });
const message = (id: number, topic: string, flags: string[] = []) =>
  ev("message", { message: { id, type: "stream", stream_id: 3, subject: topic, sender_id: 12, display_recipient: "c3" }, flags });

/** 2,000 unread topics of 5 messages each, as a fresh register would list them. */
function history(): ClientState {
  const streams = Array.from({ length: 2000 }, (_, i) => ({ stream_id: 3, topic: `old ${i}`, unread_message_ids: [1, 2, 3, 4, 5].map((k) => i * 5 + k) }));
  return {
    max_message_id: 10_000,
    unread_msgs: { count: 10_000, pms: [], streams, huddles: [], mentions: [], old_unreads_missing: false },
    subscriptions: [{ stream_id: 3, name: "c3", is_muted: false, in_home_view: true }],
    user_topics: [],
  };
}

describe("the state model over a long history", () => {
  it("a new message leaves every other topic's entry shared, and the state before it unchanged", () => {
    const s0 = history();
    const snapshot = JSON.stringify(s0);
    const s1 = reduceAll(s0, [message(10_001, "old 7"), message(10_002, "new")], ctx()).state;
    const u0 = s0.unread_msgs as { streams: Array<{ topic: string }> };
    const u1 = s1.unread_msgs as { count: number; streams: Array<{ topic: string; unread_message_ids: number[] }> };
    expect(JSON.stringify(s0)).toBe(snapshot);
    expect(u1.count).toBe(10_002);
    expect(u1.streams.find((e) => e.topic === "old 7")!.unread_message_ids).toEqual([36, 37, 38, 39, 40, 10_001]);
    expect(u1.streams.find((e) => e.topic === "new")!.unread_message_ids).toEqual([10_002]);
    expect(u1.streams[0]).toBe(u0.streams[0]);
    expect(u1.streams[7]).not.toBe(u0.streams[7]);
  });

  it("marking read removes the ids and leaves the state before it unchanged; a message already filed is not filed twice", () => {
    const s0 = history();
    const snapshot = JSON.stringify(s0);
    const s1 = reduceAll(
      s0,
      [ev("update_message_flags", { op: "add", flag: "read", messages: [1, 2, 3, 4, 5, 6], all: false }), message(7, "old 1")],
      ctx(),
    ).state;
    expect(JSON.stringify(s0)).toBe(snapshot);
    const u1 = s1.unread_msgs as { count: number; streams: Array<{ topic: string; unread_message_ids: number[] }> };
    expect(u1.count).toBe(9_994);
    expect(u1.streams.some((e) => e.topic === "old 0")).toBe(false);
    expect(u1.streams.find((e) => e.topic === "old 1")!.unread_message_ids).toEqual([7, 8, 9, 10]);
  });

  it("the comparison finds one changed id among ten thousand, whatever the lists' order", () => {
    const a = history();
    const b = history();
    const ub = b.unread_msgs as { streams: Array<{ unread_message_ids: number[] }> };
    ub.streams.reverse();
    expect(differences(a, b, new Set())).toEqual([]);
    ub.streams[0]!.unread_message_ids = [9_996, 9_997, 9_998, 9_999, 10_001];
    // Topics share their channel's stream_id: the difference is found in the one topic that differs.
    const found = differences(a, b, new Set());
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.path).toMatch(/^unread_msgs\.streams/);
  });
});
