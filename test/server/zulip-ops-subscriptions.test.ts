import { describe, expect, it } from "vitest";
import { apiError, serversPerTest, type Ops } from "./zulip-ops-support.ts";

/** PATCH /users/me/subscriptions, PATCH /users/me/subscriptions/muted_topics (with muted_topics) and POST /messages/render. */
const start = serversPerTest();

const channelId = (ops: Ops, name: string) => ops.server.runtime.store.channelByName(name)!.id;
const subscribed = (ops: Ops, who: "member" | "guest", name: string) => ops.server.runtime.store.isSubscribed(ops.id(who), channelId(ops, name));

describe("PATCH /users/me/subscriptions", () => {
  it("joins and leaves in one request, answering with both endpoints' keys and sending both endpoints' events", async () => {
    const ops = await start();
    expect((await ops.call("administrator", "POST", "/users/me/subscriptions", { subscriptions: [{ name: "spare" }] })).status).toBe(200);
    const q = await ops.register("secondMember", ["subscription", "stream"]);
    const add = [{ name: "showcase" }, { name: "fresh", description: "new here", color: "#c2c2c2" }];
    const r = await ops.call("secondMember", "PATCH", "/users/me/subscriptions", { add, delete: ["lounge", "spare"] });
    expect(r.status).toBe(200);
    const id = String(ops.id("secondMember"));
    expect(r.body).toMatchObject({ subscribed: { [id]: ["showcase", "fresh"] }, already_subscribed: {}, removed: ["lounge"], not_removed: ["spare"] });
    const store = ops.server.runtime.store;
    expect(["showcase", "fresh", "lounge"].map((n) => store.isSubscribed(ops.id("secondMember"), channelId(ops, n)))).toEqual([true, true, false]);
    const events = await ops.events("secondMember", q.queue_id as string);
    expect(events.map((e) => `${e.type}/${e.op}`)).toEqual(["stream/create", "subscription/add", "subscription/remove"]);
    expect((events[1]!.subscriptions as Array<{ name: string }>).map((s) => s.name)).toEqual(["showcase", "fresh"]);
    expect(events[2]!.subscriptions).toEqual([{ name: "lounge", stream_id: channelId(ops, "lounge") }]);
  });

  it("says which channels the user was in already", async () => {
    const ops = await start();
    const r = await ops.call("member", "PATCH", "/users/me/subscriptions", { add: [{ name: "showcase" }] });
    expect(r.body).toMatchObject({ subscribed: {}, already_subscribed: { [String(ops.id("member"))]: ["showcase"] }, removed: [], not_removed: [] });
  });

  it("changes nothing when one part fails", async () => {
    const ops = await start();
    const q = await ops.register("secondMember", ["subscription", "stream"]);
    const r = await ops.call("secondMember", "PATCH", "/users/me/subscriptions", {
      add: [{ name: "showcase" }, { name: "fresh" }],
      delete: ["no such channel"],
    });
    expect(r).toMatchObject(apiError(400, "BAD_REQUEST", "Channel(s) (no such channel) do not exist"));
    expect(ops.server.runtime.store.isSubscribed(ops.id("secondMember"), channelId(ops, "showcase"))).toBe(false);
    expect(ops.server.runtime.store.channelByName("fresh")).toBeUndefined();
    expect(await ops.events("secondMember", q.queue_id as string)).toEqual([]);
  });

  it("may leave a channel the same request creates", async () => {
    const ops = await start();
    const r = await ops.call("member", "PATCH", "/users/me/subscriptions", { add: [{ name: "brief" }], delete: ["brief"] });
    expect(r.body).toMatchObject({ subscribed: { [String(ops.id("member"))]: ["brief"] }, removed: ["brief"] });
  });

  it("refuses an empty request, a bad color, private channels the user cannot reach, and guests", async () => {
    const ops = await start();
    expect(await ops.call("member", "PATCH", "/users/me/subscriptions", {})).toMatchObject(
      apiError(400, "BAD_REQUEST", 'Nothing to do. Specify at least one of "add" or "delete".'),
    );
    expect(await ops.call("member", "PATCH", "/users/me/subscriptions", { add: [{ name: "general", color: "blue" }] })).toMatchObject(
      apiError(400, "BAD_REQUEST", "add.color is not a valid hex color code"),
    );
    expect(await ops.call("member", "PATCH", "/users/me/subscriptions", { add: [{ name: "vault" }] })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Unable to access channel (vault)."),
    );
    expect(await ops.call("guest", "PATCH", "/users/me/subscriptions", { delete: ["lounge"] })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Not allowed for guest users"),
    );
    expect(subscribed(ops, "guest", "lounge")).toBe(true);
  });
});

const mute = (ops: Ops, op: "add" | "remove", params: Record<string, unknown>) =>
  ops.call("member", "PATCH", "/users/me/subscriptions/muted_topics", { op, ...params });

describe("PATCH /users/me/subscriptions/muted_topics", () => {
  it("mutes and unmutes through the topic's visibility policy, with user_topic and muted_topics events", async () => {
    const ops = await start();
    const general = channelId(ops, "general");
    const both = await ops.register("member", ["user_topic", "muted_topics"]);
    const legacy = await ops.register("member", ["muted_topics"]);
    expect((await mute(ops, "add", { stream_id: general, topic: "noise" })).status).toBe(200);
    const state = await ops.register("member", [], ["user_topic"]);
    expect(state.user_topics).toEqual([{ stream_id: general, topic_name: "noise", last_updated: expect.any(Number), visibility_policy: 1 }]);
    expect((await mute(ops, "remove", { stream: "general", topic: "noise" })).status).toBe(200);
    const modern = await ops.events("member", both.queue_id as string);
    expect(modern.map((e) => [e.type, e.visibility_policy])).toEqual([
      ["user_topic", 1],
      ["user_topic", 0],
    ]);
    const old = await ops.events("member", legacy.queue_id as string);
    expect(old.map((e) => e.muted_topics)).toEqual([[["general", "noise", expect.any(Number)]], []]);
  });

  it("register muted_topics lists muted topics, unless the client also asks for user_topic", async () => {
    const ops = await start();
    await mute(ops, "add", { stream: "general", topic: "noise" });
    expect((await ops.register("member", [], ["muted_topics"])).muted_topics).toEqual([["general", "noise", expect.any(Number)]]);
    expect("muted_topics" in (await ops.register("member", [], ["muted_topics", "user_topic"]))).toBe(false);
  });

  it("from FL169 a request that changes nothing succeeds without events", async () => {
    const ops = await start(169);
    const general = channelId(ops, "general");
    await mute(ops, "add", { stream_id: general, topic: "noise" });
    const q = await ops.register("member", ["user_topic"]);
    expect((await mute(ops, "add", { stream_id: general, topic: "noise" })).status).toBe(200);
    expect((await mute(ops, "remove", { stream_id: general, topic: "quiet" })).status).toBe(200);
    expect(await ops.events("member", q.queue_id as string)).toEqual([]);
  });

  it("before FL169 muting a muted topic or unmuting one that is not muted fails", async () => {
    const ops = await start(168);
    const general = channelId(ops, "general");
    expect((await mute(ops, "add", { stream_id: general, topic: "noise" })).status).toBe(200);
    expect(await mute(ops, "add", { stream_id: general, topic: "noise" })).toMatchObject(apiError(400, "BAD_REQUEST", "Topic already muted"));
    expect(await mute(ops, "remove", { stream_id: general, topic: "quiet" })).toMatchObject(apiError(400, "BAD_REQUEST", "Topic is not muted"));
  });

  it("wants exactly one of stream_id and stream, a channel the user can read, and op add or remove", async () => {
    const ops = await start();
    const general = channelId(ops, "general");
    expect(await mute(ops, "add", { topic: "t" })).toMatchObject(apiError(400, "BAD_REQUEST", "Missing 'stream_id' argument"));
    expect(await mute(ops, "add", { stream_id: general, stream: "general", topic: "t" })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Unsupported parameter combination: stream_id, stream"),
    );
    expect(await mute(ops, "add", { stream_id: channelId(ops, "vault"), topic: "t" })).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid channel ID"));
    expect(await mute(ops, "add", { stream: "nowhere", topic: "t" })).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid channel name 'nowhere'"));
    expect(await mute(ops, "remove", { stream_id: 9999, topic: "t" })).toMatchObject(apiError(400, "BAD_REQUEST", "Topic is not muted"));
    expect(await ops.call("member", "PATCH", "/users/me/subscriptions/muted_topics", { op: "toggle", stream_id: general, topic: "t" })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Invalid op"),
    );
    expect(await ops.call("member", "PATCH", "/users/me/subscriptions/muted_topics", { stream_id: general, topic: "t" })).toMatchObject(
      apiError(400, "REQUEST_VARIABLE_MISSING", "Missing 'op' argument"),
    );
  });
});

describe("POST /messages/render", () => {
  it("renders content as a message's would be, storing and sending nothing", async () => {
    const ops = await start();
    const q = await ops.register("member", ["message"]);
    const r = await ops.call("member", "POST", "/messages/render", { content: "one & two\n\nthree" });
    expect(r).toMatchObject({ status: 200, body: { result: "success", rendered: "<p>one &amp; two</p>\n<p>three</p>" } });
    expect(await ops.events("member", q.queue_id as string)).toEqual([]);
  });

  it("wants content", async () => {
    const ops = await start();
    expect(await ops.call("member", "POST", "/messages/render", {})).toMatchObject(apiError(400, "REQUEST_VARIABLE_MISSING", "Missing 'content' argument"));
  });
});
