import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { UserGroupAddEvent, UserGroupMembersEvent, UserGroupUpdateEvent } from "../../src/schemas/events/user-group.ts";
import { GroupSettingValue } from "../../src/schemas/group-setting-value.ts";
import { UserGroup } from "../../src/schemas/user-group.ts";
import { createGroupRaw, findGroup, freshGroup } from "../support/groups.ts";
import { freshUser } from "../support/users.ts";
import { ignoredOf } from "../support/ignored.ts";

/**
 * Group membership and can_add_members_group (FL303, FL305): who may add members, the setting on create, update and
 * in group objects, and deactivated users. The member creates the groups; nothing changes organization settings.
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

const only = (id: number) => ({ direct_members: [id], direct_subgroups: [] as number[] });

behaviour(
  "fl305.groups.can-add-members-group-field",
  "group objects carry can_add_members_group in GET /user_groups, register and the add event",
  { id: "fl305.groups.can-add-members-group-field#group-objects-carry-can-add-members-group-in-get-user-groups-register-and-the-add-event" },
  async (t) => {
    const { queue } = await t.register("secondMember", { event_types: ["user_group"] });
    const { name, res: created } = createGroupRaw(t, "member", [t.persona("member").userId]);
    await t.must("create a group", created);
    const [ev] = await queue.until([eventOf("user_group", (e) => ((e.group as { name?: string }).name === name ? null : "another group"), "add")]);
    const added = t.expect.schema(UserGroupAddEvent, ev).group;
    t.expect.schema(GroupSettingValue, t.expect.present(added, "can_add_members_group"), undefined, "group.can_add_members_group of the add event");
    const listed = await findGroup(t, added.id);
    t.expect.schema(GroupSettingValue, t.expect.present(listed ?? {}, "can_add_members_group"), undefined, "can_add_members_group in GET /user_groups");
    const { body } = await t.register("member", { fetch_event_types: ["realm_user_groups"], event_types: ["heartbeat"] });
    const registered = t.expect.schema(z.array(UserGroup), body.realm_user_groups, undefined, "realm_user_groups").find((g) => g.id === added.id);
    t.expect.schema(GroupSettingValue, t.expect.present(registered ?? {}, "can_add_members_group"), undefined, "can_add_members_group in realm_user_groups");
  },
);

behaviour(
  "fl305.groups.can-add-members-group-field",
  "before FL305 group objects have no can_add_members_group",
  { id: "fl305.groups.can-add-members-group-field#before-fl305-group-objects-have-no-can-add-members-group", gate: "before" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    t.expect.absent((await findGroup(t, id)) ?? {}, "can_add_members_group");
  },
);

behaviour(
  "fl305.groups.can-add-members-group-create",
  "POST /user_groups/create takes can_add_members_group",
  { id: "fl305.groups.can-add-members-group-create#post-user-groups-create-takes-can-add-members-group" },
  async (t) => {
    const value = only(t.persona("secondMember").userId);
    const id = await freshGroup(t, [t.persona("member").userId], "member", { can_add_members_group: value });
    t.expect.equal((await findGroup(t, id))?.can_add_members_group, value, "can_add_members_group of the new group");
  },
);

behaviour(
  ["fl305.groups.can-add-members-group-create", "fl167.server.ignored-parameters-unsupported"],
  "before FL305 POST /user_groups/create ignores can_add_members_group",
  { id: "fl305.groups.can-add-members-group-create#before-fl305-post-user-groups-create-ignores-can-add-members-group", gate: "before" },
  async (t) => {
    const res = await createGroupRaw(t, "member", [t.persona("member").userId], { can_add_members_group: only(t.persona("secondMember").userId) }).res;
    const body = t.expect.success(res);
    if (t.fl.atLeast(167))
      t.expect.ok(
        ignoredOf(body).includes("can_add_members_group"),
        "can_add_members_group in ignored_parameters_unsupported",
        body.ignored_parameters_unsupported,
        res.exchange,
      );
  },
);

behaviour(
  "fl305.groups.can-add-members-group-update",
  "PATCH /user_groups/{id} changes can_add_members_group and clients hear of it",
  { id: "fl305.groups.can-add-members-group-update#patch-user-groups-id-changes-can-add-members-group-and-clients-hear-of-it" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    const value = only(t.persona("secondMember").userId);
    const { queue } = await t.register("secondMember", { event_types: ["user_group"] });
    t.expect.success(await t.api("member").patch(`/user_groups/${id}`, { can_add_members_group: { new: value } }));
    t.expect.equal((await findGroup(t, id))?.can_add_members_group, value, "can_add_members_group after PATCH");
    const [ev] = await queue.until([eventOf("user_group", (e) => (e.group_id === id ? null : `group ${String(e.group_id)}`), "update")]);
    t.expect.equal(t.expect.schema(UserGroupUpdateEvent, ev).data.can_add_members_group, value, "data.can_add_members_group of the update");
    const stale = await t
      .api("member")
      .patch(`/user_groups/${id}`, { can_add_members_group: { new: only(t.persona("member").userId), old: only(t.persona("administrator").userId) } });
    t.expect.error(stale, 400, "EXPECTATION_MISMATCH");
  },
);

behaviour(
  ["fl305.groups.can-add-members-group-update", "fl167.server.ignored-parameters-unsupported"],
  "before FL305 PATCH /user_groups/{id} ignores can_add_members_group",
  { id: "fl305.groups.can-add-members-group-update#before-fl305-patch-user-groups-id-ignores-can-add-members-group", gate: "before" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    const res = await t
      .api("member")
      .patch(`/user_groups/${id}`, { description: "changed", can_add_members_group: { new: only(t.persona("secondMember").userId) } });
    const body = t.expect.success(res);
    if (t.fl.atLeast(167))
      t.expect.ok(
        ignoredOf(body).includes("can_add_members_group"),
        "can_add_members_group in ignored_parameters_unsupported",
        body.ignored_parameters_unsupported,
        res.exchange,
      );
  },
);

behaviour(
  "fl305.groups.can-add-members-group-enforced",
  "members of can_add_members_group add members; others who do not manage the group cannot",
  { id: "fl305.groups.can-add-members-group-enforced#members-of-can-add-members-group-add-members-others-who-do-not-manage-the-group-cannot" },
  async (t) => {
    const x = await freshUser(t, "joiner");
    const id = await freshGroup(t, [t.persona("member").userId], "member", { can_add_members_group: only(t.persona("secondMember").userId) });
    const outsider = await freshUser(t, "outsider");
    t.expect.error(await outsider.client.post(`/user_groups/${id}/members`, { add: [x.id] }), 400, "BAD_REQUEST");
    const { queue } = await t.register("member", { event_types: ["user_group"] });
    t.expect.success(await t.api("secondMember").post(`/user_groups/${id}/members`, { add: [x.id] }));
    const [ev] = await queue.until([eventOf("user_group", (e) => (e.group_id === id ? null : `group ${String(e.group_id)}`), "add_members")]);
    t.expect.equal(t.expect.schema(UserGroupMembersEvent, ev).user_ids, [x.id], "user_ids of add_members");
    const members = await t.must("read the members", t.api("member").get(`/user_groups/${id}/members`));
    t.expect.ok((members.members as number[]).includes(x.id), `user ${x.id} among the members`, members.members);
  },
);

behaviour(
  "fl305.groups.can-add-members-group-enforced",
  "before FL305 naming a user in can_add_members_group lets them add no one",
  { id: "fl305.groups.can-add-members-group-enforced#before-fl305-naming-a-user-in-can-add-members-group-lets-them-add-no-one", gate: "before" },
  async (t) => {
    const x = await freshUser(t, "joiner");
    const id = await freshGroup(t, [t.persona("member").userId], "member", { can_add_members_group: only(t.persona("secondMember").userId) });
    t.expect.error(await t.api("secondMember").post(`/user_groups/${id}/members`, { add: [x.id] }), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl303.groups.deactivated-user-membership-frozen",
  "a deactivated user can be neither added to nor removed from a group",
  { id: "fl303.groups.deactivated-user-membership-frozen#a-deactivated-user-can-be-neither-added-to-nor-removed-from-a-group" },
  async (t) => {
    const x = await freshUser(t, "frozen");
    const y = await freshUser(t, "frozen");
    const id = await freshGroup(t, [t.persona("member").userId, y.id]);
    await t.must("deactivate X", t.api("administrator").delete(`/users/${x.id}`));
    await t.must("deactivate Y", t.api("administrator").delete(`/users/${y.id}`));
    t.expect.error(await t.api("member").post(`/user_groups/${id}/members`, { add: [x.id] }), 400, "BAD_REQUEST");
    t.expect.error(await t.api("member").post(`/user_groups/${id}/members`, { delete: [y.id] }), 400, "BAD_REQUEST");
    const direct = await t.must("read the direct members", t.api("member").get(`/user_groups/${id}/members`, { direct_member_only: true }));
    t.expect.ok(!(direct.members as number[]).includes(x.id), `deactivated user ${x.id} not added`, direct.members);
  },
);

behaviour(
  "fl303.groups.deactivated-user-membership-frozen",
  "before FL303 a deactivated user can be added to a group",
  { id: "fl303.groups.deactivated-user-membership-frozen#before-fl303-a-deactivated-user-can-be-added-to-a-group", gate: "before" },
  async (t) => {
    const x = await freshUser(t, "frozen");
    const id = await freshGroup(t, [t.persona("member").userId]);
    await t.must("deactivate X", t.api("administrator").delete(`/users/${x.id}`));
    t.expect.success(await t.api("member").post(`/user_groups/${id}/members`, { add: [x.id] }));
  },
);

behaviour(
  "fl303.groups.deactivated-users-not-members",
  "GET /user_groups/{id}/members and /members/{user_id} leave deactivated users out",
  { id: "fl303.groups.deactivated-users-not-members#get-user-groups-id-members-and-members-user-id-leave-deactivated-users-out" },
  async (t) => {
    const x = await freshUser(t, "grouped");
    const id = await freshGroup(t, [t.persona("member").userId, x.id]);
    await t.must("deactivate X", t.api("administrator").delete(`/users/${x.id}`));
    const members = await t.must("read the members", t.api("member").get(`/user_groups/${id}/members`));
    t.expect.ok(
      !(members.members as number[]).includes(x.id) && (members.members as number[]).includes(t.persona("member").userId),
      `members without deactivated user ${x.id}`,
      members.members,
    );
    const check = await t.must("check X's membership", t.api("member").get(`/user_groups/${id}/members/${x.id}`));
    t.expect.equal(check.is_user_group_member, false, "is_user_group_member of the deactivated user");
  },
);

behaviour(
  ["fl305.groups.can-add-members-group-field", "fl303.groups.deactivation-permission-corrections"],
  "a deactivated user leaves groups' can_add_members_group, with a user_group update correcting it",
  { id: "fl305.groups.can-add-members-group-field#a-deactivated-user-leaves-groups-can-add-members-group-with-a-user-group-update-correcting-it" },
  async (t) => {
    const x = await freshUser(t, "named");
    const value = { direct_members: [t.persona("secondMember").userId, x.id].sort((a, b) => a - b), direct_subgroups: [] };
    const id = await freshGroup(t, [t.persona("member").userId], "member", { can_add_members_group: value });
    const { queue } = await t.register("member", { event_types: ["user_group"] });
    await t.must("deactivate X", t.api("administrator").delete(`/users/${x.id}`));
    const [ev] = await queue.until([eventOf("user_group", (e) => (e.group_id === id ? null : `group ${String(e.group_id)}`), "update")]);
    t.expect.equal(
      t.expect.schema(UserGroupUpdateEvent, ev).data.can_add_members_group,
      only(t.persona("secondMember").userId),
      "the corrected can_add_members_group",
    );
    t.expect.equal(
      (await findGroup(t, id))?.can_add_members_group,
      only(t.persona("secondMember").userId),
      "can_add_members_group without the deactivated user",
    );
  },
);
