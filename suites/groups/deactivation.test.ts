import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { AnyEvent } from "../../src/schemas/events/envelope.ts";
import { UserGroupRemoveEvent, UserGroupUpdateEvent } from "../../src/schemas/events/user-group.ts";
import { UserGroup } from "../../src/schemas/user-group.ts";
import { eventsThrough, registerWith } from "../support/events.ts";
import { findGroup, freshGroup, groupMarker } from "../support/groups.ts";
import { ignoredOf } from "../support/ignored.ts";

/**
 * Group deactivation (FL294–FL340): the endpoint, the events by capability, GET /user_groups and register listings,
 * groups in use (FL298), editing deactivated groups (FL340) and the removal of DELETE. The member creates and
 * manages its own groups, so nothing here changes organization settings.
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember"] });

const INCLUDE = { include_deactivated_groups: true };
const forGroup = (events: AnyEvent[], id: number) => events.filter((e) => e.type === "user_group" && e.group_id === id);

async function deactivate(t: TestContext, id: number) {
  await t.must("deactivate the group with POST /user_groups/{id}/deactivate", t.api("member").post(`/user_groups/${id}/deactivate`));
}

behaviour(
  "fl294.groups.deactivate-endpoint",
  "POST /user_groups/{id}/deactivate deactivates a group that is not in use",
  { id: "fl294.groups.deactivate-endpoint#post-user-groups-id-deactivate-deactivates-a-group-that-is-not-in-use" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    t.expect.success(await t.api("member").post(`/user_groups/${id}/deactivate`));
    const listed = t.expect.present({ group: await findGroup(t, id, INCLUDE) }, "group") as UserGroup;
    t.expect.equal(listed.deactivated, true, "the group's deactivated field after deactivation");
  },
);

behaviour(
  [
    "fl294.groups.deactivate-endpoint",
    "fl294.groups.deactivate-event-by-capability",
    "fl294.register.capability-include-deactivated-groups",
    "fl294.groups.rename-deactivated-no-update",
  ],
  "before FL294 groups cannot be deactivated: the group stays listed, no event tells of it, renames reach every client",
  {
    id: "fl294.groups.deactivate-endpoint#before-fl294-groups-cannot-be-deactivated-the-group-stays-listed-no-event-tells-of-it-renames-reach-every-client",
    gate: "before",
  },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    const { queue } = await registerWith(t, "secondMember", ["user_group"], INCLUDE);
    const res = await t.api("member").post(`/user_groups/${id}/deactivate`);
    t.expect.ok(res.status !== 200, "POST /user_groups/{id}/deactivate to be unknown (not a success)", res.json, res.exchange);
    const { body } = await t.register("member", {
      fetch_event_types: ["realm_user_groups"],
      event_types: ["heartbeat"],
      client_capabilities: { notification_settings_null: true, ...INCLUDE },
    });
    const groups = t.expect.schema(z.array(UserGroup), body.realm_user_groups, undefined, "realm_user_groups");
    t.expect.ok(
      groups.some((g) => g.id === id && g.deactivated !== true),
      `group ${id} listed as active in realm_user_groups`,
      groups.find((g) => g.id === id),
    );
    const name = t.unique("renamed");
    await t.must("rename the group", t.api("member").patch(`/user_groups/${id}`, { name }));
    const seen = forGroup(await eventsThrough(queue, await groupMarker(t)), id);
    t.expect.ok(
      !seen.some((e) => e.op === "remove" || (e.op === "update" && (e.data as Record<string, unknown>).deactivated !== undefined)),
      `no user_group remove or deactivated update for group ${id}`,
      seen,
    );
    t.expect.ok(
      seen.some((e) => e.op === "update" && (e.data as Record<string, unknown>).name === name),
      `a user_group update renaming group ${id}`,
      seen,
    );
  },
);

behaviour(
  ["fl294.groups.deactivate-event-by-capability", "fl294.register.capability-include-deactivated-groups"],
  "deactivation reaches clients with include_deactivated_groups as an update, the others as a remove",
  { id: "fl294.groups.deactivate-event-by-capability#deactivation-reaches-clients-with-include-deactivated-groups-as-an-update-the-others-as-a-remove" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    const withCap = await registerWith(t, "secondMember", ["user_group"], INCLUDE);
    const without = await registerWith(t, "secondMember", ["user_group"]);
    await deactivate(t, id);
    const [upd] = await withCap.queue.until([eventOf("user_group", (e) => (e.group_id === id ? null : `group ${String(e.group_id)}`), "update")]);
    t.expect.equal(t.expect.schema(UserGroupUpdateEvent, upd).data.deactivated, true, "data.deactivated of the update");
    const [rm] = await without.queue.until([eventOf("user_group", (e) => (e.group_id === id ? null : `group ${String(e.group_id)}`))]);
    t.expect.schema(UserGroupRemoveEvent, rm, undefined, "the event a client without include_deactivated_groups gets");
  },
);

behaviour(
  "fl294.register.capability-include-deactivated-groups",
  "realm_user_groups lists deactivated groups only for clients with include_deactivated_groups",
  { id: "fl294.register.capability-include-deactivated-groups#realm-user-groups-lists-deactivated-groups-only-for-clients-with-include-deactivated-groups" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    await deactivate(t, id);
    const fetch = async (caps: Record<string, boolean>) => {
      const { body } = await t.register("member", {
        fetch_event_types: ["realm_user_groups"],
        event_types: ["heartbeat"],
        client_capabilities: { notification_settings_null: true, ...caps },
      });
      return t.expect.schema(z.array(UserGroup), body.realm_user_groups, undefined, "realm_user_groups");
    };
    const withCap = (await fetch(INCLUDE)).find((g) => g.id === id);
    t.expect.ok(withCap?.deactivated === true, `deactivated group ${id} in realm_user_groups with the capability`, withCap);
    const without = (await fetch({})).find((g) => g.id === id);
    t.expect.ok(without === undefined, `no group ${id} in realm_user_groups without the capability`, without);
  },
);

behaviour(
  "fl294.groups.rename-deactivated-no-update",
  "renaming a deactivated group sends no update to clients without include_deactivated_groups",
  { id: "fl294.groups.rename-deactivated-no-update#renaming-a-deactivated-group-sends-no-update-to-clients-without-include-deactivated-groups" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    await deactivate(t, id);
    const withCap = await registerWith(t, "secondMember", ["user_group"], INCLUDE);
    const without = await registerWith(t, "secondMember", ["user_group"]);
    const name = t.unique("renamed");
    await t.must("rename the deactivated group", t.api("member").patch(`/user_groups/${id}`, { name }));
    const [upd] = await withCap.queue.until([eventOf("user_group", (e) => (e.group_id === id ? null : `group ${String(e.group_id)}`), "update")]);
    t.expect.equal(t.expect.schema(UserGroupUpdateEvent, upd).data.name, name, "data.name for the client with the capability");
    const seen = forGroup(await eventsThrough(without.queue, await groupMarker(t)), id);
    t.expect.equal(seen.length, 0, `user_group events about deactivated group ${id} for the client without the capability`);
  },
);

behaviour(
  ["fl294.groups.include-deactivated-groups-param", "fl167.server.ignored-parameters-unsupported"],
  "GET /user_groups lists deactivated groups with include_deactivated_groups; allow_deactivated is no longer read",
  {
    id: "fl294.groups.include-deactivated-groups-param#get-user-groups-lists-deactivated-groups-with-include-deactivated-groups-allow-deactivated-is-no-longer-read",
  },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    await deactivate(t, id);
    t.expect.ok((await findGroup(t, id)) === undefined, `deactivated group ${id} left out of GET /user_groups by default`, id);
    t.expect.ok((await findGroup(t, id, INCLUDE))?.deactivated === true, `deactivated group ${id} listed with include_deactivated_groups=true`, id);
    const res = await t.api("member").get("/user_groups", { allow_deactivated: true });
    t.expect.ok(
      ignoredOf(t.expect.success(res)).includes("allow_deactivated"),
      "allow_deactivated in ignored_parameters_unsupported",
      res.json?.ignored_parameters_unsupported,
      res.exchange,
    );
  },
);

behaviour(
  ["fl294.groups.include-deactivated-groups-param", "fl167.server.ignored-parameters-unsupported"],
  "before FL294 GET /user_groups reads allow_deactivated, not include_deactivated_groups",
  { id: "fl294.groups.include-deactivated-groups-param#before-fl294-get-user-groups-reads-allow-deactivated-not-include-deactivated-groups", gate: "before" },
  async (t) => {
    const res = await t.api("member").get("/user_groups", { allow_deactivated: true, include_deactivated_groups: true });
    const body = t.expect.success(res);
    if (!t.fl.atLeast(167)) return;
    t.expect.ok(
      ignoredOf(body).includes("include_deactivated_groups"),
      "include_deactivated_groups in ignored_parameters_unsupported",
      body.ignored_parameters_unsupported,
      res.exchange,
    );
    t.expect.ok(!ignoredOf(body).includes("allow_deactivated"), "allow_deactivated read, not ignored", body.ignored_parameters_unsupported, res.exchange);
  },
);

behaviour(
  "fl294.groups.delete-removed",
  "DELETE /user_groups/{id} no longer deletes groups",
  { id: "fl294.groups.delete-removed#delete-user-groups-id-no-longer-deletes-groups" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    const res = await t.api("member").delete(`/user_groups/${id}`);
    t.expect.ok(res.status >= 400 && res.status < 500, "DELETE /user_groups/{id} refused with a 4xx (the method is gone)", `HTTP ${res.status}`, res.exchange);
    t.expect.ok((await findGroup(t, id)) !== undefined, `group ${id} still listed`, id);
  },
);

behaviour(
  "fl294.groups.delete-removed",
  "before FL294 DELETE /user_groups/{id} deletes the group, with a user_group remove event",
  { id: "fl294.groups.delete-removed#before-fl294-delete-user-groups-id-deletes-the-group-with-a-user-group-remove-event", gate: "before" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    const { queue } = await t.register("secondMember", { event_types: ["user_group"] });
    t.expect.success(await t.api("member").delete(`/user_groups/${id}`));
    await queue.until([eventOf("user_group", (e) => (e.group_id === id ? null : `group ${String(e.group_id)}`), "remove")]);
    t.expect.ok((await findGroup(t, id)) === undefined, `group ${id} gone from GET /user_groups`, id);
  },
);

/** G, and H holding G as a subgroup (POST /user_groups/{id}/subgroups). */
async function groupInUse(t: TestContext): Promise<{ g: number; h: number }> {
  const g = await freshGroup(t, [t.persona("member").userId]);
  const h = await freshGroup(t, [t.persona("member").userId]);
  await t.must("make G a subgroup of H", t.api("member").post(`/user_groups/${h}/subgroups`, { add: [g] }));
  return { g, h };
}

behaviour(
  ["fl298.groups.cannot-deactivate-in-use", "fl305.groups.can-add-members-group-field"],
  "deactivating a group in use fails with CANNOT_DEACTIVATE_GROUP_IN_USE and its objections",
  { id: "fl298.groups.cannot-deactivate-in-use#deactivating-a-group-in-use-fails-with-cannot-deactivate-group-in-use-and-its-objections" },
  async (t) => {
    const { g, h } = await groupInUse(t);
    const user = t.fl.atLeast(305) ? await freshGroup(t, [t.persona("member").userId], "member", { can_add_members_group: g }) : undefined;
    const res = await t.api("member").post(`/user_groups/${g}/deactivate`);
    const body = t.expect.error(res, 400, "CANNOT_DEACTIVATE_GROUP_IN_USE");
    const objections = t.expect.schema(z.array(z.looseObject({ type: z.string() })), body.objections, res.exchange, "objections");
    const sub = objections.find((o) => o.type === "subgroup");
    t.expect.ok(
      Array.isArray(sub?.supergroup_ids) && (sub.supergroup_ids as number[]).includes(h),
      `a subgroup objection naming supergroup ${h}`,
      objections,
      res.exchange,
    );
    if (user !== undefined) {
      const o = objections.find((x) => x.type === "user_group" && x.group_id === user);
      t.expect.ok(
        Array.isArray(o?.settings) && (o.settings as string[]).includes("can_add_members_group"),
        `a user_group objection for group ${user}'s can_add_members_group`,
        objections,
        res.exchange,
      );
    }
    t.expect.ok((await findGroup(t, g))?.deactivated === false, `group ${g} still active`, g);
  },
);

behaviour(
  ["fl298.groups.cannot-deactivate-in-use", "fl294.groups.deactivate-endpoint"],
  "before FL298 a subgroup in use is deactivated like any other group",
  { id: "fl298.groups.cannot-deactivate-in-use#before-fl298-a-subgroup-in-use-is-deactivated-like-any-other-group", gate: "before" },
  async (t) => {
    const { g } = await groupInUse(t);
    const res = await t.api("member").post(`/user_groups/${g}/deactivate`);
    if (t.fl.atLeast(294)) t.expect.success(res);
    else
      t.expect.ok(res.json?.code !== "CANNOT_DEACTIVATE_GROUP_IN_USE" && res.status !== 200, "no deactivation endpoint before FL294", res.json, res.exchange);
  },
);

behaviour(
  "fl340.groups.deactivated-group-editable",
  "a deactivated group's description and can_add_members_group stay editable",
  { id: "fl340.groups.deactivated-group-editable#a-deactivated-group-s-description-and-can-add-members-group-stay-editable" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    await deactivate(t, id);
    const value = { direct_members: [t.persona("secondMember").userId, t.persona("member").userId].sort((a, b) => a - b), direct_subgroups: [] };
    t.expect.success(await t.api("member").patch(`/user_groups/${id}`, { description: "edited while deactivated", can_add_members_group: { new: value } }));
    const g = await findGroup(t, id, INCLUDE);
    t.expect.equal(g?.description, "edited while deactivated", "the deactivated group's description");
    t.expect.equal(g?.can_add_members_group, value, "the deactivated group's can_add_members_group");
  },
);

behaviour(
  ["fl340.groups.deactivated-group-editable", "fl294.groups.deactivate-endpoint"],
  "before FL340 only a deactivated group's name can change",
  { id: "fl340.groups.deactivated-group-editable#before-fl340-only-a-deactivated-group-s-name-can-change", gate: "before" },
  async (t) => {
    const id = await freshGroup(t, [t.persona("member").userId]);
    const res = await t.api("member").post(`/user_groups/${id}/deactivate`);
    if (!t.fl.atLeast(294)) {
      t.expect.ok(res.status !== 200, "no deactivation before FL294", res.json, res.exchange);
      return;
    }
    t.expect.success(res);
    t.expect.error(await t.api("member").patch(`/user_groups/${id}`, { description: "edited while deactivated" }), 400, "BAD_REQUEST");
    t.expect.success(await t.api("member").patch(`/user_groups/${id}`, { name: t.unique("renamed") }));
  },
);
