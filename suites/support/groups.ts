import { z } from "zod";
import type { ApiClient, ApiResponse } from "../../src/client/client.ts";
import { eventOf, type EventCheck } from "../../src/client/events.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { UserGroup } from "../../src/schemas/user-group.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import { createChannelRaw } from "./channels.ts";
import { deactivateGroupLater } from "./cleanup.ts";
import { freshUser } from "./users.ts";

/** GET /user_groups as `who` (deactivated groups too when asked, under the parameter name of the level). */
export async function listGroups(t: TestContext, who: PersonaRole | ApiClient = "member", params: ParamMap = {}): Promise<UserGroup[]> {
  const client = typeof who === "string" ? t.api(who) : who;
  const body = await t.must("list groups with GET /user_groups", client.get("/user_groups", params));
  return t.expect.schema(z.array(UserGroup), body.user_groups, undefined, "GET /user_groups user_groups");
}

/** The group with this id in a GET /user_groups listing, or undefined. */
export async function findGroup(t: TestContext, id: number, params: ParamMap = {}): Promise<UserGroup | undefined> {
  return (await listGroups(t, "member", params)).find((g) => g.id === id);
}

/**
 * Starts creating a group of a fresh name as `creator` (POST /user_groups/create) with these members and extra
 * parameters: the name, and the response as the server gives it, for the test (or the caller's t.must) to judge.
 * A group it makes is deactivated when the test ends, found by its name. freshGroup is the prerequisite form.
 */
export function createGroupRaw(t: TestContext, creator: PersonaRole, members: number[], extra: ParamMap = {}): { name: string; res: Promise<ApiResponse> } {
  const name = t.unique("group");
  deactivateGroupLater(t, name, creator);
  return { name, res: t.api(creator).post("/user_groups/create", { name, description: "groups area", members, ...extra }) };
}

/**
 * A fresh group created by `creator` (POST /user_groups/create) with the given members and extra parameters,
 * deactivated when the test ends; its id, looked up by name (group_id exists only from FL317).
 */
export async function freshGroup(t: TestContext, members: number[], creator: PersonaRole | ApiClient = "member", extra: ParamMap = {}): Promise<number> {
  const name = t.unique("group");
  const client = typeof creator === "string" ? t.api(creator) : creator;
  await t.must("create a group with POST /user_groups/create", client.post("/user_groups/create", { name, description: "groups area", members, ...extra }));
  const ref = deactivateGroupLater(t, name, creator);
  return t.given(`find group ${name}`, async () => {
    const g = (await listGroups(t)).find((x) => x.name === name);
    if (!g) t.expect.fail(`a group named ${name} in GET /user_groups`, "none");
    ref.id = g.id;
    return g.id;
  });
}

/** A marker on user_group streams: a new group's add event comes after whatever the queue received before it. */
export async function groupMarker(t: TestContext): Promise<EventCheck> {
  const name = t.unique("marker-group");
  await t.must("create a marker group", t.api("member").post("/user_groups/create", { name, description: "marker", members: [t.persona("member").userId] }));
  deactivateGroupLater(t, name, "member");
  return eventOf("user_group", (e) => ((e.group as { name?: string } | undefined)?.name === name ? null : "another group"), "add");
}

/**
 * A large channel and topic (wire: more than 15 subscribers, more than 15 participants): 16 fresh users and the
 * member subscribed to a new channel by the administrator, each fresh user posting once to the topic.
 */
export async function largeTopic(t: TestContext): Promise<{ channel: string; topic: string }> {
  const topic = t.unique("crowded");
  const users = [];
  for (let i = 0; i < 16; i++) users.push(await freshUser(t, "crowd"));
  const { name: channel, res } = createChannelRaw(t, "administrator", ["member", ...users.map((u) => u.id)], {}, "large");
  await t.must("create a large channel", res);
  for (const u of users) await t.must("post to the crowded topic", u.client.post("/messages", { type: "stream", to: channel, topic, content: "here" }));
  return { channel, topic };
}
