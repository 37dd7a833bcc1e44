import { describe, expect, it } from "vitest";
import { serversPerTest } from "./zulip-ops-support.ts";

/**
 * A user subscribed to a private channel it could not see hears of the channel (stream create) before its
 * subscription (subscription add), as real servers tell it: without the channel in its `streams`, a client's state
 * would differ from a fresh register's (fl153.events.state-consistency). One who could already see it (an
 * administrator) gets the subscription alone.
 */
const start = serversPerTest();

describe("subscribing a user to an existing private channel", () => {
  for (const level of [372, 153]) {
    it(`FL${level}: the new subscriber who could not see it gets stream create, then subscription add; an administrator only the add`, async () => {
      const ops = await start(level);
      const name = "hidden";
      expect((await ops.call("owner", "POST", "/users/me/subscriptions", { subscriptions: [{ name }], invite_only: true })).status).toBe(200);
      const member = await ops.register("member", ["stream", "subscription"], ["stream"]);
      const admin = await ops.register("administrator", ["stream", "subscription"]);
      const id = ops.server.runtime.store.channelByName(name)!.id;
      expect((member.streams as Array<{ stream_id: number }>).map((s) => s.stream_id)).not.toContain(id);
      const principals = [ops.id("member"), ops.id("administrator")];
      expect((await ops.call("owner", "POST", "/users/me/subscriptions", { subscriptions: [{ name }], principals })).status).toBe(200);
      const heard = await ops.events("member", member.queue_id as string);
      expect(heard.map((e) => `${e.type}/${e.op}`)).toEqual(["stream/create", "subscription/add"]);
      expect((heard[0]!.streams as Array<{ stream_id: number }>).map((s) => s.stream_id)).toEqual([id]);
      const adminHeard = await ops.events("administrator", admin.queue_id as string);
      expect(adminHeard.map((e) => `${e.type}/${e.op}`)).toEqual(["subscription/add"]);
    });
  }
});
