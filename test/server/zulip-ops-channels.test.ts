import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiError, startOps, type Ops } from "./zulip-ops-support.ts";

describe("GET /users/{user_id}/subscriptions/{stream_id} and GET /streams/{stream_id}/members", () => {
  let ops: Ops;
  const channel: Record<string, number> = {};
  beforeAll(async () => {
    ops = await startOps(372);
    for (const c of ops.server.runtime.store.channels.values()) channel[c.name] = c.id;
  });
  afterAll(() => ops.close());

  const ids = (...personas: Array<Parameters<Ops["id"]>[0]>) => personas.map((p) => ops.id(p)).sort((a, b) => a - b);

  it("answers whether a user is subscribed to a channel the requester can see", async () => {
    expect((await ops.call("member", "GET", `/users/${ops.id("owner")}/subscriptions/${channel.general}`)).body).toMatchObject({
      result: "success",
      is_subscribed: true,
    });
    expect((await ops.call("member", "GET", `/users/${ops.id("guest")}/subscriptions/${channel.general}`)).body).toMatchObject({ is_subscribed: false });
    expect((await ops.call("administrator", "GET", `/users/${ops.id("secondMember")}/subscriptions/${channel.vault}`)).body).toMatchObject({
      is_subscribed: true,
    });
  });

  it("refuses an unknown user or a bot, and a channel the requester cannot see", async () => {
    expect(await ops.call("member", "GET", `/users/99999/subscriptions/${channel.general}`)).toMatchObject(apiError(400, "BAD_REQUEST", "No such user"));
    expect(await ops.call("member", "GET", `/users/${ops.id("bot")}/subscriptions/${channel.general}`)).toMatchObject(
      apiError(400, "BAD_REQUEST", "No such user"),
    );
    expect(await ops.call("member", "GET", `/users/${ops.id("owner")}/subscriptions/${channel.vault}`)).toMatchObject(
      apiError(400, "BAD_REQUEST", "Invalid channel ID"),
    );
    expect(await ops.call("member", "GET", `/users/${ops.id("owner")}/subscriptions/99999`)).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid channel ID"));
  });

  it("lists the active subscribers of public channels to members, of private ones to subscribers and administrators", async () => {
    expect((await ops.call("moderator", "GET", `/streams/${channel.lounge}/members`)).body).toMatchObject({
      result: "success",
      subscribers: ids("owner", "member", "secondMember", "guest"),
    });
    expect((await ops.call("member", "GET", `/streams/${channel.backstage}/members`)).body.subscribers).toEqual(ids("owner", "administrator", "member"));
    expect((await ops.call("administrator", "GET", `/streams/${channel.vault}/members`)).body.subscribers).toEqual(ids("owner", "secondMember"));
    expect(await ops.call("member", "GET", `/streams/${channel.vault}/members`)).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid channel ID"));
  });

  it("lets a guest list its own channels and web-public ones only", async () => {
    expect((await ops.call("guest", "GET", `/streams/${channel.lounge}/members`)).body.subscribers).toEqual(ids("owner", "member", "secondMember", "guest"));
    expect((await ops.call("guest", "GET", `/streams/${channel.showcase}/members`)).body.subscribers).toEqual(ids("owner", "member"));
    expect(await ops.call("guest", "GET", `/streams/${channel.general}/members`)).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid channel ID"));
  });

  it("leaves deactivated subscribers out", async () => {
    const second = ops.server.runtime.store.users.get(ops.id("secondMember"))!;
    second.isActive = false;
    try {
      expect((await ops.call("member", "GET", `/streams/${channel.lounge}/members`)).body.subscribers).toEqual(ids("owner", "member", "guest"));
    } finally {
      second.isActive = true;
    }
  });
});
