import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventOf } from "../../src/client/events.ts";
import { catalog } from "../../src/catalog/catalog.ts";
import { TestContext } from "../../src/expect/context.ts";
import { FEED_CLAUSE, FeedDeadError, feedDeadReason, takeFeedFailure } from "../../src/expect/events-feed.ts";
import { ConformanceFailure } from "../../src/expect/failure.ts";
import { TestFl } from "../../src/expect/fl.ts";
import { startReferenceTarget } from "../../src/target/reference.ts";
import type { TargetInfo } from "../../src/target/target.ts";
import { holdingEvents } from "../support/holding-events.ts";

/**
 * fl153.events.long-poll through the event waits of a test: a wait that ends unmet probes the feed, and a feed that
 * delivers nothing is the events clause's failure, after which the target's waits are blocked at once; a live feed
 * leaves the wait's own clause to judge the missing event.
 */

const OWN_CLAUSE = "fl153.messages.send-direct-message";

let ref: Awaited<ReturnType<typeof startReferenceTarget>>;
beforeAll(async () => {
  ref = await startReferenceTarget({});
});
afterAll(async () => {
  await ref.close();
});

const context = (target: TargetInfo) =>
  new TestContext("events-feed-test", catalog().mustClause(OWN_CLAUSE), target, new TestFl(target.featureLevel, new Set([153]), "events-feed-test"));

describe("the run's watch over a target's events feed", () => {
  it("a feed that delivers nothing: the unmet wait fails the events clause with its GET /events, the next wait is blocked at once", async () => {
    // Held back longer than the probe waits, so that nothing the feed sends arrives in time.
    const stub = await holdingEvents(ref.target.url, 120_000);
    const target = { ...ref.target, url: stub.url };
    const t = context(target);
    try {
      const { queue } = await t.register("member", { event_types: ["message"] });
      const first: unknown = await queue.until([eventOf("message")]).catch((e: unknown) => e);
      expect(first).toBeInstanceOf(ConformanceFailure);
      expect((first as ConformanceFailure).clause.id).toBe(FEED_CLAUSE);
      expect((first as ConformanceFailure).exchange?.url).toMatch(/\/api\/v1\/events\?queue_id=/);
      // The runner reports it even where a wait swallowed it (the state invariant's): once.
      expect(takeFeedFailure()).toBe(first);
      expect(takeFeedFailure()).toBeUndefined();
      expect(feedDeadReason(target)).toMatch(/^the events feed of this target delivered nothing for \d+ s: GET http:\/\/\S+\/api\/v1\/events\?/);
      const second: unknown = await queue.until([eventOf("message")]).catch((e: unknown) => e);
      expect(second).toBeInstanceOf(FeedDeadError);
      expect((second as FeedDeadError).clause).toBe(FEED_CLAUSE);
      expect((second as Error).message).toContain("delivered nothing");
      await expect(queue.pending()).rejects.toBeInstanceOf(FeedDeadError);
      // Another target's feed (the server itself, not through the stub) is not judged by this one.
      expect(feedDeadReason(ref.target)).toBeNull();
    } finally {
      await t.finish();
      await stub.close();
    }
  }, 90_000);

  it("a live feed: an event that never comes fails the wait's own clause, and the feed is not judged dead", async () => {
    const t = context(ref.target);
    try {
      const { queue } = await t.register("member", { event_types: ["message"] });
      const e: unknown = await queue.until([eventOf("message", () => "not the awaited one")]).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ConformanceFailure);
      expect((e as ConformanceFailure).clause.id).toBe(OWN_CLAUSE);
      expect(feedDeadReason(ref.target)).toBeNull();
      expect(takeFeedFailure()).toBeUndefined();
    } finally {
      await t.finish();
    }
  }, 60_000);

  it("a feed late by a little, within the budget: the wait is met", async () => {
    const stub = await holdingEvents(ref.target.url, 500);
    const target = { ...ref.target, url: stub.url };
    const t = context(target);
    try {
      const { queue } = await t.register("secondMember", { event_types: ["message"] });
      const sent = t.expect.success(
        await t.api("member").post("/messages", { type: "direct", to: [target.personas.secondMember!.userId], content: "late but here" }),
      );
      const [ev] = await queue.until([eventOf("message", (x) => ((x.message as { id?: number }).id === sent.id ? null : "another message"))]);
      expect((ev!.message as { id?: number }).id).toBe(sent.id);
      expect(feedDeadReason(target)).toBeNull();
    } finally {
      await t.finish();
      await stub.close();
    }
  }, 60_000);
});
