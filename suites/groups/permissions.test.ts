import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { AnyEvent } from "../../src/schemas/events/envelope.ts";
import { RealmUpdateDictEvent, RealmUpdateEvent } from "../../src/schemas/events/realm.ts";
import { eventsThrough } from "../support/events.ts";
import { createGroupRaw, freshGroup, largeTopic } from "../support/groups.ts";
import { realmState, systemGroupId, withRealmSettings } from "../support/realm.ts";
import { freshUser } from "../support/users.ts";

/**
 * The organization's group permissions (can_create_groups, can_manage_all_groups, can_mention_many_users_group),
 * group-setting values in PATCH /realm and register, and realm events. Every test changes organization settings
 * (restored afterwards), so this file is an isolated suite: it runs on a server of its own.
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["owner", "administrator", "moderator", "member", "secondMember"], isolated: true });

const rename = (t: TestContext, who: "moderator" | "secondMember" | "member", id: number) =>
  t.api(who).patch(`/user_groups/${id}`, { name: t.unique("renamed") });

behaviour(
  "fl299.realm.can-create-groups-enforced",
  "only members of can_create_groups create user groups",
  { id: "fl299.realm.can-create-groups-enforced#only-members-of-can-create-groups-create-user-groups" },
  async (t) => {
    const admins = await systemGroupId(t, "role:administrators");
    await withRealmSettings(t, { can_create_groups: { new: admins } }, async (res) => {
      t.expect.success(res);
      const create = (who: "member" | "administrator") => createGroupRaw(t, who, []).res;
      t.expect.error(await create("member"), 400, "BAD_REQUEST");
      t.expect.success(await create("administrator"), "an administrator creating a group");
    });
  },
);

behaviour(
  "fl299.realm.can-create-groups-enforced",
  "before FL299 can_create_groups stops no member from creating groups",
  { id: "fl299.realm.can-create-groups-enforced#before-fl299-can-create-groups-stops-no-member-from-creating-groups", gate: "before" },
  async (t) => {
    await withRealmSettings(t, { can_create_groups: { new: 1 } }, async () => {
      t.expect.success(await createGroupRaw(t, "member", []).res);
    });
  },
);

behaviour(
  "fl299.realm.can-manage-all-groups-enforced",
  "members of can_manage_all_groups manage groups they neither created nor belong to",
  { id: "fl299.realm.can-manage-all-groups-enforced#members-of-can-manage-all-groups-manage-groups-they-neither-created-nor-belong-to" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    t.expect.error(await rename(t, "moderator", id), 400, "BAD_REQUEST");
    await withRealmSettings(t, { can_manage_all_groups: { new: await systemGroupId(t, "role:moderators") } }, async (res) => {
      t.expect.success(res);
      t.expect.success(await rename(t, "moderator", id), "a moderator in can_manage_all_groups renaming the group");
    });
  },
);

behaviour(
  "fl299.realm.can-manage-all-groups-enforced",
  "before FL299 a member may edit the groups it belongs to (user_group_edit_policy)",
  { id: "fl299.realm.can-manage-all-groups-enforced#before-fl299-a-member-may-edit-the-groups-it-belongs-to-user-group-edit-policy", gate: "before" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId, t.persona("secondMember").userId]);
    t.expect.success(await rename(t, "secondMember", id), "a group member (not its creator) renaming the group");
  },
);

behaviour(
  ["fl299.realm.can-manage-all-groups-role-limited", "fl305.realm.can-manage-all-groups-any-role"],
  "FL299–304: a plain member of can_manage_all_groups manages only the groups it belongs to",
  { id: "fl299.realm.can-manage-all-groups-role-limited#fl299-304-a-plain-member-of-can-manage-all-groups-manages-only-the-groups-it-belongs-to" },
  async (t) => {
    const outside = await freshGroup(t, [t.persona("member").userId]);
    const inside = await freshGroup(t, [t.persona("member").userId, t.persona("secondMember").userId]);
    await withRealmSettings(t, { can_manage_all_groups: { new: await systemGroupId(t, "role:members") } }, async (res) => {
      t.expect.success(res);
      t.expect.error(await rename(t, "secondMember", outside), 400, "BAD_REQUEST");
      t.expect.success(await rename(t, "secondMember", inside), "renaming a group the member belongs to");
    });
  },
);

behaviour(
  "fl305.realm.can-manage-all-groups-any-role",
  "a plain member of can_manage_all_groups manages every group",
  { id: "fl305.realm.can-manage-all-groups-any-role#a-plain-member-of-can-manage-all-groups-manages-every-group" },
  async (t) => {
    const outside = await freshGroup(t, [t.persona("member").userId]);
    await withRealmSettings(t, { can_manage_all_groups: { new: await systemGroupId(t, "role:members") } }, async (res) => {
      t.expect.success(res);
      t.expect.success(await rename(t, "secondMember", outside), "a plain member in can_manage_all_groups renaming a group it is not in");
    });
  },
);

behaviour(
  ["fl153.realm.group-setting-value-shape", "fl299.realm.can-create-groups", "fl309.realm.anonymous-group-values"],
  "group-setting values are a group id or {direct_members, direct_subgroups} (the latter in production from FL309), canonical in register",
  {
    id: "fl153.realm.group-setting-value-shape#group-setting-values-are-a-group-id-or-direct-members-direct-subgroups-the-latter-in-production-from-fl309-canonical-in-register",
    gate: "always",
  },
  async (t) => {
    const members = await systemGroupId(t, "role:members");
    if (!t.fl.atLeast(299)) {
      // No group-setting realm setting of this area exists yet: the value is not read.
      await withRealmSettings(t, { can_create_groups: { new: members } }, async (res) => t.expect.success(res));
      t.expect.absent(await realmState(t), "realm_can_create_groups");
      return;
    }
    if (t.fl.atLeast(309)) {
      const anonymous = { direct_members: [t.persona("owner").userId], direct_subgroups: [members] };
      await withRealmSettings(t, { can_create_groups: { new: anonymous } }, async (res) => {
        t.expect.success(res);
        t.expect.equal((await realmState(t)).realm_can_create_groups, anonymous, "realm_can_create_groups after setting an anonymous group");
      });
    }
    await withRealmSettings(t, { can_create_groups: { new: { direct_members: [], direct_subgroups: [members] } } }, async (res) => {
      t.expect.success(res);
      t.expect.equal((await realmState(t)).realm_can_create_groups, members, "realm_can_create_groups for one subgroup and no members (its id)");
    });
  },
);

behaviour(
  ["fl153.realm.group-setting-value-encoding", "fl299.realm.can-create-groups"],
  "PATCH /realm takes {new, old}: a stale old is EXPECTATION_MISMATCH; malformed values are BAD_REQUEST",
  {
    id: "fl153.realm.group-setting-value-encoding#patch-realm-takes-new-old-a-stale-old-is-expectation-mismatch-malformed-values-are-bad-request",
    gate: "always",
  },
  async (t) => {
    const members = await systemGroupId(t, "role:members");
    const admins = await systemGroupId(t, "role:administrators");
    if (!t.fl.atLeast(299)) {
      t.expect.success(await t.api("owner").patch("/realm", { can_create_groups: { new: admins, old: admins } }), "an unknown setting, ignored");
      return;
    }
    const owner = t.api("owner");
    // Relative to what the server holds now (role:members unless a run that did not finish left another value).
    const current = (await realmState(t)).realm_can_create_groups;
    const [next, stale] = current === admins ? [members, members] : [admins, admins];
    t.expect.error(await owner.patch("/realm", { can_create_groups: { new: next, old: stale } }), 400, "EXPECTATION_MISMATCH");
    t.expect.equal((await realmState(t)).realm_can_create_groups, current, "realm_can_create_groups after the refused change");
    for (const bad of [{ new: { direct_members: "x" } }, { new: { direct_members: [999_999], direct_subgroups: [] } }, { new: 999_999 }, "not json"]) {
      t.expect.error(await owner.patch("/realm", { can_create_groups: bad }), 400, "BAD_REQUEST");
    }
    await withRealmSettings(t, { can_create_groups: { new: next, old: current } }, async (res) => {
      t.expect.success(res);
      t.expect.equal((await realmState(t)).realm_can_create_groups, next, "realm_can_create_groups after a matching {new, old}");
    });
  },
);

behaviour(
  "fl153.realm.setting-change-events",
  "a realm setting change arrives as a realm event with the new value",
  { id: "fl153.realm.setting-change-events#a-realm-setting-change-arrives-as-a-realm-event-with-the-new-value", gate: "always" },
  async (t) => {
    const { queue } = await t.register("member", { event_types: ["realm"] });
    const value = t.unique("lang").slice(-20);
    await withRealmSettings(t, { default_code_block_language: value }, async (res) => {
      t.expect.success(res);
      const [ev] = await queue.until([
        eventOf("realm", (e) => (e.property === "default_code_block_language" ? null : `property ${String(e.property)}`), "update"),
      ]);
      t.expect.equal(t.expect.schema(RealmUpdateEvent, ev).value, value, "the realm update event's value");
    });
  },
);

/** A marker on realm streams: a change of default_code_block_language (harmless) comes after whatever came before. */
async function realmMarker(t: TestContext) {
  const value = t.unique("marker").slice(-20);
  await t.must("change default_code_block_language as a marker", t.api("owner").patch("/realm", { default_code_block_language: value }));
  return eventOf("realm", (e) => (e.property === "default_code_block_language" && e.value === value ? null : "another realm event"), "update");
}

const correction = (seen: AnyEvent[]) =>
  seen.filter((e) => e.type === "realm" && e.op === "update_dict" && typeof e.data === "object" && e.data !== null && "can_create_groups" in e.data);

behaviour(
  ["fl303.groups.deactivation-permission-corrections", "fl303.realm.group-setting-value-no-deactivated-users", "fl309.realm.anonymous-group-values"],
  "a deactivated user leaves realm group-setting values, with a realm update_dict correcting them (seen in production from FL309, when values may name users)",
  {
    id: "fl303.groups.deactivation-permission-corrections#a-deactivated-user-leaves-realm-group-setting-values-with-a-realm-update-dict-correcting-them-seen-in-production-from-fl309-when-values-may-name-users",
    from: "fl309.realm.anonymous-group-values",
  },
  async (t) => {
    const x = await freshUser(t, "named");
    const members = await systemGroupId(t, "role:members");
    await withRealmSettings(t, { can_create_groups: { new: { direct_members: [x.id], direct_subgroups: [members] } } }, async (res) => {
      t.expect.success(res);
      const { queue } = await t.register("member", { event_types: ["realm"] });
      await t.must("deactivate X", t.api("administrator").delete(`/users/${x.id}`));
      const [ev] = await queue.until([eventOf("realm", (e) => (correction([e]).length ? null : "another realm event"))]);
      t.expect.equal(t.expect.schema(RealmUpdateDictEvent, ev).data.can_create_groups, members, "the corrected can_create_groups (role:members alone)");
      t.expect.equal((await realmState(t)).realm_can_create_groups, members, "realm_can_create_groups without the deactivated user");
    });
  },
);

behaviour(
  ["fl303.groups.deactivation-permission-corrections", "fl303.realm.group-setting-value-no-deactivated-users"],
  "before FL303 deactivating a user sends no realm update_dict correcting group-setting values (production values name only groups then)",
  {
    id: "fl303.groups.deactivation-permission-corrections#before-fl303-deactivating-a-user-sends-no-realm-update-dict-correcting-group-setting-values-production-values-name-only-groups-then",
    gate: "before",
  },
  async (t) => {
    const x = await freshUser(t, "named");
    const { queue } = await t.register("member", { event_types: ["realm"] });
    await t.must("deactivate X", t.api("administrator").delete(`/users/${x.id}`));
    t.expect.equal(correction(await eventsThrough(queue, await realmMarker(t))).length, 0, "realm update_dict events correcting can_create_groups");
  },
);

behaviour(
  "fl352.realm.can-mention-many-users-group-enforced",
  "members of can_mention_many_users_group use wildcard mentions in large channels",
  { id: "fl352.realm.can-mention-many-users-group-enforced#members-of-can-mention-many-users-group-use-wildcard-mentions-in-large-channels" },
  async (t) => {
    const { channel } = await largeTopic(t);
    const send = () => t.api("member").post("/messages", { type: "stream", to: channel, topic: t.unique("topic"), content: "Hello @**all**" });
    t.expect.error(await send(), 400, "STREAM_WILDCARD_MENTION_NOT_ALLOWED");
    await withRealmSettings(t, { can_mention_many_users_group: { new: await systemGroupId(t, "role:members") } }, async (res) => {
      t.expect.success(res);
      t.expect.success(await send(), "a member of can_mention_many_users_group mentioning @**all** in a large channel");
    });
  },
);

behaviour(
  "fl352.realm.can-mention-many-users-group-enforced",
  "before FL352 wildcard_mention_policy, not can_mention_many_users_group, decides",
  { id: "fl352.realm.can-mention-many-users-group-enforced#before-fl352-wildcard-mention-policy-not-can-mention-many-users-group-decides", gate: "before" },
  async (t) => {
    const { channel } = await largeTopic(t);
    const send = () => t.api("member").post("/messages", { type: "stream", to: channel, topic: t.unique("topic"), content: "Hello @**all**" });
    await withRealmSettings(t, { can_mention_many_users_group: { new: await systemGroupId(t, "role:members") } }, async () => {
      const res = await send();
      t.expect.ok(res.status === 400, "the member's wildcard mention still refused (wildcard_mention_policy: administrators)", res.json, res.exchange);
    });
    await withRealmSettings(t, { wildcard_mention_policy: 1 }, async (res) => {
      t.expect.success(res);
      t.expect.success(await send(), "a wildcard mention allowed by wildcard_mention_policy 1 (everyone)");
    });
  },
);

behaviour(
  "fl352.register.wildcard-mention-policy-deprecated",
  "register keeps realm_wildcard_mention_policy, approximating can_mention_many_users_group",
  { id: "fl352.register.wildcard-mention-policy-deprecated#register-keeps-realm-wildcard-mention-policy-approximating-can-mention-many-users-group" },
  async (t) => {
    for (const [group, policy] of [
      ["role:members", 2],
      ["role:administrators", 5],
    ] as const) {
      await withRealmSettings(t, { can_mention_many_users_group: { new: await systemGroupId(t, group) } }, async (res) => {
        t.expect.success(res);
        t.expect.equal((await realmState(t)).realm_wildcard_mention_policy, policy, `realm_wildcard_mention_policy for ${group} (${policy})`);
      });
    }
  },
);

behaviour(
  "fl352.register.wildcard-mention-policy-deprecated",
  "before FL352 realm_wildcard_mention_policy is the setting itself",
  { id: "fl352.register.wildcard-mention-policy-deprecated#before-fl352-realm-wildcard-mention-policy-is-the-setting-itself", gate: "before" },
  async (t) => {
    await withRealmSettings(t, { wildcard_mention_policy: 7, can_mention_many_users_group: { new: await systemGroupId(t, "role:members") } }, async (res) => {
      t.expect.success(res);
      t.expect.equal((await realmState(t)).realm_wildcard_mention_policy, 7, "realm_wildcard_mention_policy after PATCH /realm set it to 7");
    });
  },
);

behaviour(
  "fl299.register.user-group-edit-policy-deprecated",
  "register keeps user_group_edit_policy, a superset of who manages groups",
  { id: "fl299.register.user-group-edit-policy-deprecated#register-keeps-user-group-edit-policy-a-superset-of-who-manages-groups" },
  async (t) => {
    await withRealmSettings(t, { can_manage_all_groups: { new: await systemGroupId(t, "role:members") } }, async (res) => {
      t.expect.success(res);
      t.expect.equal((await realmState(t)).user_group_edit_policy, 1, "user_group_edit_policy when every member manages all groups (1, members)");
    });
    const groups = {
      can_create_groups: { new: await systemGroupId(t, "role:administrators") },
      can_manage_all_groups: { new: await systemGroupId(t, "role:moderators") },
    };
    await withRealmSettings(t, groups, async (res) => {
      t.expect.success(res);
      t.expect.equal(
        (await realmState(t)).user_group_edit_policy,
        4,
        "user_group_edit_policy when administrators create and moderators manage (4, moderators: the superset)",
      );
    });
  },
);

behaviour(
  "fl299.register.user-group-edit-policy-deprecated",
  "before FL299 register has realm_user_group_edit_policy, no unprefixed field",
  { id: "fl299.register.user-group-edit-policy-deprecated#before-fl299-register-has-realm-user-group-edit-policy-no-unprefixed-field", gate: "before" },
  async (t) => {
    const state = await realmState(t);
    t.expect.absent(state, "user_group_edit_policy");
    t.expect.present(state, "realm_user_group_edit_policy");
  },
);
