import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { UserGroupRemoveEvent, UserGroupSubgroupsEvent } from "../../src/schemas/events/user-group.ts";
import { UserGroup } from "../../src/schemas/user-group.ts";
import { registerWith } from "../support/events.ts";
import { freshGroup } from "../support/groups.ts";

/**
 * user_group events the state invariant meets only under a particular watcher: a client without
 * include_deactivated_groups (the `remove` of a deactivation), and subgroups taken out of a group. The member who
 * acts is the test's first persona, watched as the client the test is about.
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });
const forGroup = (id: number) => (e: Record<string, unknown>) => (e.group_id === id ? null : `group ${String(e.group_id)}`);

behaviour(
  ["fl294.groups.deactivate-event-by-capability", "fl294.register.capability-include-deactivated-groups"],
  "a client without include_deactivated_groups gets a user_group remove for a deactivated group, which leaves its register",
  {
    id: "fl294.groups.deactivate-event-by-capability#a-client-without-include-deactivated-groups-gets-a-user-group-remove-for-a-deactivated-group-which-leaves-its-register",
    invariant: { capabilities: { include_deactivated_groups: false } },
  },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    const { queue } = await registerWith(t, "member", ["user_group"], { include_deactivated_groups: false });
    t.expect.success(await t.api("member").post(`/user_groups/${id}/deactivate`), "POST /user_groups/{user_group_id}/deactivate");
    const [rm] = await queue.until([eventOf("user_group", forGroup(id), "remove")]);
    t.expect.schema(UserGroupRemoveEvent, rm, undefined, "the user_group remove event");
    const { body } = await t.register("member", {
      fetch_event_types: ["realm_user_groups"],
      event_types: ["heartbeat"],
      client_capabilities: { notification_settings_null: true, include_deactivated_groups: false },
    });
    const groups = t.expect.schema(z.array(UserGroup), body.realm_user_groups, undefined, "register realm_user_groups");
    t.expect.ok(
      !groups.some((g) => g.id === id),
      `register realm_user_groups without the deactivated group ${id}`,
      groups.map((g) => g.id),
    );
  },
);

behaviour(
  "fl153.events.state-consistency",
  "a subgroup added to a group and taken out again: user_group add_subgroups and remove_subgroups events",
  { id: "fl153.events.state-consistency#a-subgroup-added-to-a-group-and-taken-out-again-user-group-add-subgroups-and-remove-subgroups-events" },
  async (t) => {
    const me = t.persona("member").userId;
    const inner = await freshGroup(t, [me]);
    const outer = await freshGroup(t, [me]);
    const member = t.api("member");
    const { queue } = await registerWith(t, "member", ["user_group"]);
    const subgroups = async () =>
      z
        .array(z.number().int())
        .parse(
          (await t.must("list subgroups with GET /user_groups/{id}/subgroups", member.get(`/user_groups/${outer}/subgroups`, { direct_subgroup_only: true })))
            .subgroups,
        );

    t.expect.success(await member.post(`/user_groups/${outer}/subgroups`, { add: [inner] }), "POST /user_groups/{user_group_id}/subgroups add");
    const [add] = await queue.until([eventOf("user_group", forGroup(outer), "add_subgroups")]);
    t.expect.equal(
      t.expect.schema(UserGroupSubgroupsEvent, add, undefined, "the add_subgroups event").direct_subgroup_ids,
      [inner],
      "direct_subgroup_ids of the add_subgroups event",
    );
    t.expect.equal(await subgroups(), [inner], "the group's direct subgroups after adding one");

    t.expect.success(await member.post(`/user_groups/${outer}/subgroups`, { delete: [inner] }), "POST /user_groups/{user_group_id}/subgroups delete");
    const [remove] = await queue.until([eventOf("user_group", forGroup(outer), "remove_subgroups")]);
    t.expect.equal(
      t.expect.schema(UserGroupSubgroupsEvent, remove, undefined, "the remove_subgroups event").direct_subgroup_ids,
      [inner],
      "direct_subgroup_ids of the remove_subgroups event",
    );
    t.expect.equal(await subgroups(), [], "the group's direct subgroups after taking it out");
    t.expect.error(await member.post(`/user_groups/${outer}/subgroups`, { delete: [inner] }), 400, "BAD_REQUEST");
  },
);
