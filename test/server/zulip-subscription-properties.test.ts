import { describe, expect, it } from "vitest";
import { apiError, serversPerTest, type Ops } from "./zulip-ops-support.ts";

/**
 * POST /users/me/subscriptions/properties as Zulip has it: every property of its description is stored per user
 * and channel, sent as `subscription` update events, and carried by the subscription objects of register and GET
 * /users/me/subscriptions. New subscriptions start from Zulip's defaults.
 */
const start = serversPerTest();

type Sub = Record<string, unknown> & { stream_id: number; name: string };

/** The member's subscription to a channel, as GET /users/me/subscriptions and as register show it. */
async function subscriptionOf(ops: Ops, name: string): Promise<{ listed: Sub | undefined; registered: Sub | undefined }> {
  const list = await ops.call("member", "GET", "/users/me/subscriptions", {});
  const reg = await ops.register("member", ["heartbeat"], ["subscription"]);
  return {
    listed: (list.body.subscriptions as Sub[]).find((s) => s.name === name),
    registered: (reg.subscriptions as Sub[]).find((s) => s.name === name),
  };
}

async function join(ops: Ops, name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await ops.call("member", "POST", "/users/me/subscriptions", { subscriptions: [{ name, ...extra }] });
  expect(r.status).toBe(200);
  return ops.server.runtime.store.channelByName(name)!.id;
}

const setProperties = (ops: Ops, changes: Array<[number, string, unknown]>) =>
  ops.call("member", "POST", "/users/me/subscriptions/properties", {
    subscription_data: changes.map(([stream_id, property, value]) => ({ stream_id, property, value })),
  });

describe("new subscriptions", () => {
  it("take the palette's first color the user has on no other channel, are not pinned, and follow the user's notification settings", async () => {
    const ops = await start();
    const before = (await ops.register("member", ["heartbeat"], ["subscription"])).subscriptions as Sub[];
    const used = new Set(before.map((s) => s.color));
    expect(used.size).toBe(before.length);
    await join(ops, "palette");
    const { listed } = await subscriptionOf(ops, "palette");
    expect(listed).toMatchObject({
      is_muted: false,
      in_home_view: true,
      pin_to_top: false,
      desktop_notifications: null,
      audible_notifications: null,
      push_notifications: null,
      email_notifications: null,
      wildcard_mentions_notify: null,
    });
    expect(listed!.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(used.has(listed!.color)).toBe(false);
  });

  it("take the color the subscribe request asks for", async () => {
    const ops = await start();
    await join(ops, "asked", { color: "#abcdef" });
    expect((await subscriptionOf(ops, "asked")).listed).toMatchObject({ color: "#abcdef" });
  });
});

describe("POST /users/me/subscriptions/properties", () => {
  const CHANGES: Array<[string, unknown]> = [
    ["color", "#f00f00"],
    ["pin_to_top", true],
    ["desktop_notifications", true],
    ["audible_notifications", false],
    ["push_notifications", true],
    ["email_notifications", false],
    ["wildcard_mentions_notify", true],
  ];

  it("stores each property, sends one update event for each, and the subscription objects carry the values", async () => {
    const ops = await start();
    const id = await join(ops, "props");
    const q = await ops.register("member", ["subscription"]);
    const r = await setProperties(
      ops,
      CHANGES.map(([p, v]) => [id, p, v]),
    );
    expect(r).toMatchObject({ status: 200, body: { result: "success" } });
    expect(r.body).not.toHaveProperty("subscription_data");
    const events = await ops.events("member", q.queue_id as string);
    expect(events.map(({ type, op, property, value, stream_id }) => ({ type, op, property, value, stream_id }))).toEqual(
      CHANGES.map(([property, value]) => ({ type: "subscription", op: "update", property, value, stream_id: id })),
    );
    const { listed, registered } = await subscriptionOf(ops, "props");
    const expected = Object.fromEntries(CHANGES);
    expect(listed).toMatchObject(expected);
    expect(registered).toMatchObject(expected);
  });

  it("mutes with is_muted or its inverse in_home_view, sending both properties' events, in_home_view first", async () => {
    const ops = await start();
    const id = await join(ops, "quiet");
    const q = await ops.register("member", ["subscription"]);
    expect((await setProperties(ops, [[id, "is_muted", true]])).status).toBe(200);
    expect((await subscriptionOf(ops, "quiet")).registered).toMatchObject({ is_muted: true, in_home_view: false });
    expect((await setProperties(ops, [[id, "in_home_view", true]])).status).toBe(200);
    expect((await subscriptionOf(ops, "quiet")).listed).toMatchObject({ is_muted: false, in_home_view: true });
    const events = await ops.events("member", q.queue_id as string);
    expect(events.map((e) => [e.property, e.value])).toEqual([
      ["in_home_view", false],
      ["is_muted", true],
      ["in_home_view", true],
      ["is_muted", false],
    ]);
  });

  it("keeps a subscription's settings when the user leaves, as the unsubscribed list shows", async () => {
    const ops = await start();
    const id = await join(ops, "left");
    await setProperties(ops, [
      [id, "color", "#abc"],
      [id, "pin_to_top", true],
    ]);
    expect((await ops.call("member", "DELETE", "/users/me/subscriptions", { subscriptions: ["left"] })).status).toBe(200);
    const reg = await ops.register("member", ["heartbeat"], ["subscription"]);
    expect((reg.unsubscribed as Sub[]).find((s) => s.name === "left")).toMatchObject({ color: "#abc", pin_to_top: true });
  });

  it("refuses unknown properties, values of the wrong type, colors that are not hex, and channels the user is not in", async () => {
    const ops = await start();
    const id = await join(ops, "strict");
    const vault = ops.server.runtime.store.channelByName("vault")!.id;
    const general = ops.server.runtime.store.channelByName("general")!.id;
    expect(await setProperties(ops, [[id, "is_starred", true]])).toMatchObject(apiError(400, "BAD_REQUEST", "Unknown subscription property: is_starred"));
    expect(await setProperties(ops, [[id, "constructor", "#000"]])).toMatchObject(apiError(400, "BAD_REQUEST", "Unknown subscription property: constructor"));
    expect(await setProperties(ops, [[id, "pin_to_top", "yes"]])).toMatchObject(apiError(400, "BAD_REQUEST", "pin_to_top is not a boolean"));
    expect(await setProperties(ops, [[id, "push_notifications", null]])).toMatchObject(apiError(400, "BAD_REQUEST", "push_notifications is not a boolean"));
    expect(await setProperties(ops, [[id, "color", "red"]])).toMatchObject(apiError(400, "BAD_REQUEST", "color is not a valid hex color code"));
    expect(await setProperties(ops, [[id, "color", 255]])).toMatchObject(apiError(400, "BAD_REQUEST", "color is not a string"));
    expect(await setProperties(ops, [[vault, "color", "#000000"]])).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid channel ID"));
    await ops.call("member", "DELETE", "/users/me/subscriptions", { subscriptions: ["general"] });
    expect(await setProperties(ops, [[general, "color", "#000000"]])).toMatchObject(apiError(400, "BAD_REQUEST", `Not subscribed to channel ID ${general}`));
    expect((await subscriptionOf(ops, "strict")).listed).toMatchObject({ pin_to_top: false, push_notifications: null });
  });

  it("has every property at the lowest level too", async () => {
    const ops = await start(153);
    const id = await join(ops, "old");
    expect((await setProperties(ops, [...CHANGES.map(([p, v]): [number, string, unknown] => [id, p, v]), [id, "is_muted", true]])).status).toBe(200);
    expect((await subscriptionOf(ops, "old")).registered).toMatchObject({ ...Object.fromEntries(CHANGES), is_muted: true, in_home_view: false });
  });
});
