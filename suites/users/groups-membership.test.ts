import { z } from "zod";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { AnyEvent } from "../../src/schemas/events/envelope.ts";
import { UserGroupMembersEvent } from "../../src/schemas/events/user-group.ts";
import { UserGroup } from "../../src/schemas/user-group.ts";
import { eventsThrough } from "../support/events.ts";
import { createGroupRaw, freshGroup, groupMarker } from "../support/groups.ts";
import { freshUser } from "../support/users.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "member"] });

/** GET /user_groups as the member: the group named `name`. */
async function groupNamed(t: TestContext, name: string): Promise<UserGroup> {
  const body = await t.must("list groups with GET /user_groups", t.api("member").get("/user_groups"));
  const groups = t.expect.schema(z.array(UserGroup), body.user_groups, undefined, "GET /user_groups user_groups");
  const g = groups.find((x) => x.name === name);
  if (!g) return t.given(`find group ${name}`, async () => t.expect.fail(`a group named ${name} in GET /user_groups`, groups.map((x) => x.name).join(", ")));
  return g;
}

const membership = (events: AnyEvent[], op: string, groupId: number, userId: number) =>
  events.filter((e) => e.type === "user_group" && e.op === op && e.group_id === groupId && Array.isArray(e.user_ids) && e.user_ids.includes(userId));

/** X in a fresh group; the member's user_group events through a marker while X is deactivated (and, with `back`, reactivated). */
async function membershipEvents(t: TestContext, back: boolean): Promise<{ seen: AnyEvent[]; groupId: number; userId: number }> {
  const x = await freshUser(t, "grouped");
  const groupId = await freshGroup(t, [x.id]);
  const admin = t.api("administrator");
  if (back) await t.must("deactivate the user", admin.delete(`/users/${x.id}`));
  const { queue } = await t.register("member", { event_types: ["user_group"] });
  await t.must(back ? "reactivate the user" : "deactivate the user", back ? admin.post(`/users/${x.id}/reactivate`) : admin.delete(`/users/${x.id}`));
  return { seen: await eventsThrough(queue, await groupMarker(t)), groupId, userId: x.id };
}

behaviour(
  "fl303.groups.deactivation-removes-memberships",
  "deactivating a user sends user_group remove_members for its groups",
  { id: "fl303.groups.deactivation-removes-memberships#deactivating-a-user-sends-user-group-remove-members-for-its-groups" },
  async (t) => {
    const { seen, groupId, userId } = await membershipEvents(t, false);
    const [ev] = membership(seen, "remove_members", groupId, userId);
    t.expect.ok(ev !== undefined, `user_group remove_members for group ${groupId} naming user ${userId}`, seen);
    t.expect.schema(UserGroupMembersEvent, ev);
  },
);

behaviour(
  "fl303.groups.deactivation-removes-memberships",
  "before FL303 deactivating a user sends no user_group remove_members",
  { id: "fl303.groups.deactivation-removes-memberships#before-fl303-deactivating-a-user-sends-no-user-group-remove-members", gate: "before" },
  async (t) => {
    const { seen, groupId, userId } = await membershipEvents(t, false);
    t.expect.equal(membership(seen, "remove_members", groupId, userId).length, 0, "remove_members events for the deactivated user");
  },
);

behaviour(
  "fl303.groups.reactivation-add-members",
  "reactivating a user sends user_group add_members for its groups",
  { id: "fl303.groups.reactivation-add-members#reactivating-a-user-sends-user-group-add-members-for-its-groups" },
  async (t) => {
    const { seen, groupId, userId } = await membershipEvents(t, true);
    const [ev] = membership(seen, "add_members", groupId, userId);
    t.expect.ok(ev !== undefined, `user_group add_members for group ${groupId} naming user ${userId}`, seen);
    t.expect.schema(UserGroupMembersEvent, ev);
  },
);

behaviour(
  "fl303.groups.reactivation-add-members",
  "before FL303 reactivating a user sends no user_group add_members",
  { id: "fl303.groups.reactivation-add-members#before-fl303-reactivating-a-user-sends-no-user-group-add-members", gate: "before" },
  async (t) => {
    const { seen, groupId, userId } = await membershipEvents(t, true);
    t.expect.equal(membership(seen, "add_members", groupId, userId).length, 0, "add_members events for the reactivated user");
  },
);

/** A fresh group holding X, and its members as GET /user_groups lists them while X is deactivated. */
async function membersWhileDeactivated(t: TestContext): Promise<{ members: number[]; userId: number }> {
  const x = await freshUser(t, "grouped");
  const { name, res } = createGroupRaw(t, "member", [x.id, t.persona("member").userId]);
  await t.must("create a group", res);
  await t.must("deactivate the user", t.api("administrator").delete(`/users/${x.id}`));
  return { members: (await groupNamed(t, name)).members, userId: x.id };
}

behaviour(
  "fl303.groups.deactivated-users-not-members",
  "GET /user_groups leaves deactivated users out of member lists",
  { id: "fl303.groups.deactivated-users-not-members#get-user-groups-leaves-deactivated-users-out-of-member-lists" },
  async (t) => {
    const { members, userId } = await membersWhileDeactivated(t);
    t.expect.ok(!members.includes(userId), `the group's members to leave out deactivated user ${userId}`, members);
    t.expect.ok(members.includes(t.persona("member").userId), "the group's members to keep the active member", members);
  },
);

behaviour(
  "fl303.groups.deactivated-users-not-members",
  "before FL303 deactivated users stay in group member lists",
  { id: "fl303.groups.deactivated-users-not-members#before-fl303-deactivated-users-stay-in-group-member-lists", gate: "before" },
  async (t) => {
    const { members, userId } = await membersWhileDeactivated(t);
    t.expect.ok(members.includes(userId), `the group's members to keep deactivated user ${userId}`, members);
  },
);

behaviour(
  "fl317.groups.create-returns-group-id",
  "POST /user_groups/create returns the new group's group_id",
  { id: "fl317.groups.create-returns-group-id#post-user-groups-create-returns-the-new-group-s-group-id", needs: ["member"] },
  async (t) => {
    const { name, res: created } = createGroupRaw(t, "member", [t.persona("member").userId]);
    const res = await created;
    const id = t.expect.present(t.expect.success(res), "group_id", res.exchange);
    t.expect.equal(id, (await groupNamed(t, name)).id, "group_id (the id GET /user_groups lists)", res.exchange);
  },
);

behaviour(
  "fl317.groups.create-returns-group-id",
  "before FL317 POST /user_groups/create returns no group_id",
  { id: "fl317.groups.create-returns-group-id#before-fl317-post-user-groups-create-returns-no-group-id", needs: ["member"], gate: "before" },
  async (t) => {
    const res = await createGroupRaw(t, "member", [t.persona("member").userId]).res;
    t.expect.absent(t.expect.success(res), "group_id", res.exchange);
  },
);
