import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiError, startOps, type Ops } from "./zulip-ops-support.ts";

describe("drafts (Zulip's /drafts, register `drafts`, `drafts` events)", () => {
  let ops: Ops;
  let general: number;
  let vault: number;
  beforeAll(async () => {
    ops = await startOps(372);
    const channels = [...ops.server.runtime.store.channels.values()];
    general = channels.find((c) => c.name === "general")!.id;
    vault = channels.find((c) => c.name === "vault")!.id;
  });
  afterAll(() => ops.close());

  it("creates drafts, lists them oldest edit first, and tells the owner's queues in one add event", async () => {
    const q = await ops.register("member", ["drafts"]);
    const drafts = [
      { type: "stream", to: [general], topic: "plans", content: "Later edited", timestamp: 1_700_000_200 },
      { type: "private", to: [ops.id("secondMember")], topic: "ignored", content: "Hello\n\n", timestamp: 1_700_000_100.5 },
      { type: "private", to: [ops.id("member")], topic: "", content: "Note to self" },
    ];
    const created = await ops.call("member", "POST", "/drafts", { drafts });
    expect(created.status).toBe(200);
    const ids = created.body.ids as number[];
    expect(ids).toHaveLength(3);
    const list = await ops.call("member", "GET", "/drafts");
    expect(list.body.count).toBe(3);
    const listed = list.body.drafts as Array<Record<string, unknown>>;
    expect(listed.slice(0, 2)).toEqual([
      { id: ids[1], type: "private", to: [ops.id("secondMember")], topic: "", content: "Hello", timestamp: 1_700_000_100 },
      { id: ids[0], type: "stream", to: [general], topic: "plans", content: "Later edited", timestamp: 1_700_000_200 },
    ]);
    expect(listed[2]).toMatchObject({ id: ids[2], type: "private", to: [ops.id("member")], timestamp: expect.any(Number) });
    const events = await ops.events("member", q.queue_id as string);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "drafts", op: "add" });
    expect((events[0]!.drafts as Array<{ id: number }>).map((d) => d.id)).toEqual(ids);
    // Another user neither sees them nor hears of them.
    expect((await ops.call("secondMember", "GET", "/drafts")).body).toMatchObject({ count: 0, drafts: [] });
  });

  it("keeps a group conversation as its other participants, and an empty direct draft as unaddressed", async () => {
    const { body } = await ops.call("member", "POST", "/drafts", {
      drafts: [
        { type: "private", to: [ops.id("owner"), ops.id("member"), ops.id("secondMember")], topic: "", content: "group" },
        { type: "private", to: [], topic: "", content: "nobody yet" },
      ],
    });
    const [group, nobody] = body.ids as number[];
    const listed = (await ops.call("member", "GET", "/drafts")).body.drafts as Array<Record<string, unknown>>;
    expect(listed.find((d) => d.id === group)).toMatchObject({ type: "private", to: [ops.id("owner"), ops.id("secondMember")].sort((a, b) => a - b) });
    expect(listed.find((d) => d.id === nobody)).toMatchObject({ type: "", to: [] });
  });

  it("refuses bad drafts as real servers do, keeping none of the request's drafts", async () => {
    const before = (await ops.call("member", "GET", "/drafts")).body.count;
    const post = (draft: Record<string, unknown>) => ops.call("member", "POST", "/drafts", { drafts: [{ type: "", to: [], topic: "", content: "ok" }, draft] });
    expect(await post({ type: "stream", to: [general, vault], topic: "t", content: "x" })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Must specify exactly 1 channel ID for channel messages"),
    );
    expect(await post({ type: "stream", to: [vault], topic: "t", content: "x" })).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid channel ID"));
    expect(await post({ type: "private", to: [99999], topic: "", content: "x" })).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid user ID 99999"));
    expect(await post({ type: "", to: [], topic: "", content: "   " })).toMatchObject(apiError(400, "BAD_REQUEST", 'drafts[1]["content"] cannot be blank'));
    expect(await post({ type: "", to: [], topic: "", content: "x", timestamp: -5 })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Timestamp must not be negative."),
    );
    expect((await post({ type: "", to: [], topic: "", content: "x", id: 3 })).status).toBe(400);
    expect(await ops.call("member", "POST", "/drafts", {})).toMatchObject(apiError(400, "REQUEST_VARIABLE_MISSING", "Missing 'drafts' argument"));
    expect((await ops.call("member", "GET", "/drafts")).body.count).toBe(before);
  });

  it("edits a draft whole (drafts/update) and deletes it (drafts/remove); another user's draft does not exist", async () => {
    const [id] = (await ops.call("member", "POST", "/drafts", { drafts: [{ type: "", to: [], topic: "", content: "first" }] })).body.ids as number[];
    const q = await ops.register("member", ["drafts"]);
    const draft = { type: "stream", to: [general], topic: "moved", content: "second", timestamp: 1_800_000_000 };
    expect((await ops.call("member", "PATCH", `/drafts/${id}`, { draft })).status).toBe(200);
    expect(await ops.call("secondMember", "PATCH", `/drafts/${id}`, { draft })).toMatchObject(apiError(404, "BAD_REQUEST", "Draft does not exist"));
    expect(await ops.call("secondMember", "DELETE", `/drafts/${id}`)).toMatchObject(apiError(404, "BAD_REQUEST", "Draft does not exist"));
    expect((await ops.call("member", "DELETE", `/drafts/${id}`)).status).toBe(200);
    expect(await ops.call("member", "DELETE", `/drafts/${id}`)).toMatchObject(apiError(404, "BAD_REQUEST", "Draft does not exist"));
    expect(await ops.events("member", q.queue_id as string)).toEqual([
      { id: 0, type: "drafts", op: "update", draft: { id, type: "stream", to: [general], topic: "moved", content: "second", timestamp: 1_800_000_000 } },
      { id: 1, type: "drafts", op: "remove", draft_id: id },
    ]);
  });

  it("register `drafts` lists the drafts most recently edited first", async () => {
    const reg = await ops.register("member", ["drafts"], ["drafts"]);
    const listed = (await ops.call("member", "GET", "/drafts")).body.drafts as Array<{ id: number }>;
    expect((reg.drafts as Array<{ id: number }>).map((d) => d.id)).toEqual(listed.map((d) => d.id).reverse());
  });

  it("enable_drafts_synchronization is a user setting; off, it deletes the drafts and the endpoints refuse", async () => {
    const reg = await ops.register("secondMember", ["user_settings"], ["user_settings"]);
    expect((reg.user_settings as Record<string, unknown>).enable_drafts_synchronization).toBe(true);
    await ops.call("secondMember", "POST", "/drafts", { drafts: [{ type: "", to: [], topic: "", content: "kept?" }] });
    expect((await ops.call("secondMember", "PATCH", "/settings", { enable_drafts_synchronization: false })).status).toBe(200);
    const refused = apiError(400, "BAD_REQUEST", "User has disabled synchronizing drafts.");
    expect(await ops.call("secondMember", "GET", "/drafts")).toMatchObject(refused);
    expect(await ops.call("secondMember", "POST", "/drafts", { drafts: [] })).toMatchObject(refused);
    expect(await ops.call("secondMember", "DELETE", "/drafts/1")).toMatchObject(refused);
    expect((await ops.register("secondMember", [], ["drafts"])).drafts).toEqual([]);
    await ops.call("secondMember", "PATCH", "/settings", { enable_drafts_synchronization: true });
    expect((await ops.call("secondMember", "GET", "/drafts")).body).toMatchObject({ count: 0 });
  });

  it("exists at the lowest level too (drafts predate FL153)", async () => {
    const low = await startOps(153);
    try {
      expect((await low.call("member", "GET", "/drafts")).body).toMatchObject({ result: "success", count: 0, drafts: [] });
    } finally {
      await low.close();
    }
  });
});
