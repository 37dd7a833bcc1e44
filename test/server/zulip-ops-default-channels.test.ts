import { describe, expect, it } from "vitest";
import { apiError, serversPerTest, type Ops } from "./zulip-ops-support.ts";

/** POST and DELETE /default_streams, the default_streams event and the register sections default_streams and default_stream_groups. */
const start = serversPerTest();

const channelId = (ops: Ops, name: string) => ops.server.runtime.store.channelByName(name)!.id;

describe("register default_streams and default_stream_groups", () => {
  it("lists the default channels' IDs from FL330, and no default channel groups", async () => {
    const ops = await start(330);
    const state = await ops.register("member", [], ["default_streams", "default_stream_groups"]);
    expect(state.realm_default_streams).toEqual([channelId(ops, "general")]);
    expect(state.realm_default_stream_groups).toEqual([]);
  });

  it("lists channel objects before FL330", async () => {
    const ops = await start(329);
    const state = await ops.register("member", [], ["default_streams"]);
    expect(state.realm_default_streams).toEqual([expect.objectContaining({ stream_id: channelId(ops, "general"), name: "general", invite_only: false })]);
  });

  it("tells guests of no default channels", async () => {
    const ops = await start();
    expect((await ops.register("guest", [], ["default_streams"])).realm_default_streams).toEqual([]);
  });
});

describe("POST /default_streams", () => {
  it("adds a channel: the default_streams event carries the whole set, and register agrees", async () => {
    const ops = await start();
    const q = await ops.register("member", ["default_streams"]);
    const lounge = channelId(ops, "lounge");
    expect(await ops.call("administrator", "POST", "/default_streams", { stream_id: lounge })).toMatchObject({ status: 200, body: { result: "success" } });
    const want = [channelId(ops, "general"), lounge].sort((a, b) => a - b);
    expect(await ops.events("member", q.queue_id as string)).toEqual([{ type: "default_streams", default_streams: want, id: 0 }]);
    expect((await ops.register("member", [], ["default_streams"])).realm_default_streams).toEqual(want);
  });

  it("sends nothing for a channel that is already default", async () => {
    const ops = await start();
    const q = await ops.register("member", ["default_streams"]);
    expect((await ops.call("administrator", "POST", "/default_streams", { stream_id: channelId(ops, "general") })).status).toBe(200);
    expect(await ops.events("member", q.queue_id as string)).toEqual([]);
  });

  it("sends channel objects before FL330, and nothing to guests", async () => {
    const ops = await start(250);
    const member = await ops.register("member", ["default_streams"]);
    const guest = await ops.register("guest", ["default_streams"]);
    await ops.call("administrator", "POST", "/default_streams", { stream_id: channelId(ops, "showcase") });
    const [event] = await ops.events("member", member.queue_id as string);
    expect((event!.default_streams as Array<{ name: string }>).map((c) => c.name)).toEqual(["general", "showcase"]);
    expect(await ops.events("guest", guest.queue_id as string)).toEqual([]);
  });

  it("refuses private channels, unknown ones, private ones the administrator cannot read, and non-administrators", async () => {
    const ops = await start();
    const backstage = channelId(ops, "backstage");
    expect(await ops.call("administrator", "POST", "/default_streams", { stream_id: backstage })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Private channels cannot be made default."),
    );
    expect(await ops.call("administrator", "POST", "/default_streams", { stream_id: channelId(ops, "vault") })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Invalid channel ID"),
    );
    expect(await ops.call("administrator", "POST", "/default_streams", { stream_id: 9999 })).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid channel ID"));
    expect(await ops.call("member", "POST", "/default_streams", { stream_id: channelId(ops, "lounge") })).toMatchObject(
      apiError(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator"),
    );
    expect(await ops.call("administrator", "POST", "/default_streams", {})).toMatchObject(
      apiError(400, "REQUEST_VARIABLE_MISSING", "Missing 'stream_id' argument"),
    );
  });
});

describe("DELETE /default_streams", () => {
  it("removes a channel, with the event; removing a channel that is not default still tells clients", async () => {
    const ops = await start();
    const q = await ops.register("member", ["default_streams"]);
    const general = channelId(ops, "general");
    expect((await ops.call("owner", "DELETE", "/default_streams", { stream_id: general })).status).toBe(200);
    expect((await ops.call("owner", "DELETE", "/default_streams", { stream_id: general })).status).toBe(200);
    expect((await ops.events("member", q.queue_id as string)).map((e) => e.default_streams)).toEqual([[], []]);
    expect((await ops.register("member", [], ["default_streams"])).realm_default_streams).toEqual([]);
  });

  it("is for administrators only", async () => {
    const ops = await start();
    expect(await ops.call("moderator", "DELETE", "/default_streams", { stream_id: channelId(ops, "general") })).toMatchObject(
      apiError(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator"),
    );
  });
});

describe("default channels and other channel changes", () => {
  it("archiving a default channel takes it out of the set, with the event", async () => {
    const ops = await start();
    const q = await ops.register("member", ["default_streams"]);
    expect((await ops.call("owner", "DELETE", `/streams/${channelId(ops, "general")}`)).status).toBe(200);
    expect((await ops.events("member", q.queue_id as string)).map((e) => e.default_streams)).toEqual([[]]);
  });

  it("PATCH /streams/{stream_id} is_default_stream sends the event too", async () => {
    const ops = await start();
    const q = await ops.register("member", ["default_streams"]);
    const lounge = channelId(ops, "lounge");
    expect((await ops.call("administrator", "PATCH", `/streams/${lounge}`, { is_default_stream: true })).status).toBe(200);
    expect((await ops.events("member", q.queue_id as string)).map((e) => e.default_streams)).toEqual([
      [channelId(ops, "general"), lounge].sort((a, b) => a - b),
    ]);
  });
});
