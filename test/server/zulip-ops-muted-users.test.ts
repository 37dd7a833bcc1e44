import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiError, startOps, type Ops } from "./zulip-ops-support.ts";

describe("muted users (/users/me/muted_users/{id}, register `muted_users`, `muted_users` events)", () => {
  let ops: Ops;
  beforeAll(async () => {
    ops = await startOps(372);
  });
  afterAll(() => ops.close());

  it("mutes a user: the muter's unread messages from them become read, then a muted_users event with the list", async () => {
    const sent = await ops.call("secondMember", "POST", "/messages", { type: "direct", to: [ops.id("member")], content: "unread until muted" });
    const messageId = sent.body.id as number;
    const q = await ops.register("member", ["muted_users", "update_message_flags"]);
    expect((await ops.call("member", "POST", `/users/me/muted_users/${ops.id("secondMember")}`)).status).toBe(200);
    const events = await ops.events("member", q.queue_id as string);
    expect(events).toEqual([
      expect.objectContaining({ type: "update_message_flags", op: "add", flag: "read", messages: [messageId], all: false }),
      { id: 1, type: "muted_users", muted_users: [{ id: ops.id("secondMember"), timestamp: expect.any(Number) }] },
    ]);
    const reg = await ops.register("member", [], ["muted_users"]);
    expect(reg.muted_users).toEqual([{ id: ops.id("secondMember"), timestamp: expect.any(Number) }]);
  });

  it("a muted user's new messages arrive read", async () => {
    const sent = await ops.call("secondMember", "POST", "/messages", { type: "direct", to: [ops.id("member")], content: "arrives read" });
    const fetched = await ops.call("member", "GET", `/messages/${sent.body.id as number}`);
    expect((fetched.body.message as { flags: string[] }).flags).toContain("read");
  });

  it("refuses muting oneself, a user already muted, an unknown user; unmuting one not muted", async () => {
    expect(await ops.call("member", "POST", `/users/me/muted_users/${ops.id("member")}`)).toMatchObject(apiError(400, "BAD_REQUEST", "Cannot mute self"));
    expect(await ops.call("member", "POST", `/users/me/muted_users/${ops.id("secondMember")}`)).toMatchObject(
      apiError(400, "BAD_REQUEST", "User already muted"),
    );
    expect(await ops.call("member", "POST", "/users/me/muted_users/99999")).toMatchObject(apiError(400, "BAD_REQUEST", "No such user"));
    expect(await ops.call("member", "DELETE", "/users/me/muted_users/99999")).toMatchObject(apiError(400, "BAD_REQUEST", "No such user"));
    expect(await ops.call("member", "DELETE", `/users/me/muted_users/${ops.id("owner")}`)).toMatchObject(apiError(400, "BAD_REQUEST", "User is not muted"));
  });

  it("unmutes with a muted_users event listing who is left", async () => {
    const q = await ops.register("member", ["muted_users"]);
    expect((await ops.call("member", "DELETE", `/users/me/muted_users/${ops.id("secondMember")}`)).status).toBe(200);
    expect(await ops.events("member", q.queue_id as string)).toEqual([{ id: 0, type: "muted_users", muted_users: [] }]);
  });

  it("bots can be muted from FL188; before, a bot is no such user", async () => {
    expect((await ops.call("member", "POST", `/users/me/muted_users/${ops.id("bot")}`)).status).toBe(200);
    const before = await startOps(187);
    try {
      expect(await before.call("member", "POST", `/users/me/muted_users/${before.id("bot")}`)).toMatchObject(apiError(400, "BAD_REQUEST", "No such user"));
    } finally {
      await before.close();
    }
  });
});
