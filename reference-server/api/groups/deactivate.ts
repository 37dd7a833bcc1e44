import { namesGroup } from "../../access/group-settings.ts";
import type { GroupSettingValue } from "../../state/group-setting-value.ts";
import { canManageGroup } from "../../access/user-groups.ts";
import { publishGroupUpdate } from "../../events/user-group.ts";
import { badRequest, cannotDeactivateGroupInUse, insufficientPermission } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../runtime.ts";
import type { UserGroup } from "../../state/groups.ts";
import { CHANNEL_SETTINGS, channelSettingOn } from "../../state/channel-settings.ts";
import { REALM_SETTINGS } from "../../state/realm-settings.ts";
import { settingActive } from "../../state/realm-values.ts";
import { pathGroup } from "./lookup.ts";

/**
 * Where a group is still in use (wire §5 objections): as a subgroup of active groups, in other groups' permission
 * settings, in channels' permission settings, in the organization's settings.
 */
export function groupObjections(rt: Runtime, group: UserGroup): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const supers = rt.store.groups.supergroupsOf(group.id).map((g) => g.id);
  if (supers.length) out.push({ type: "subgroup", supergroup_ids: supers.sort((a, b) => a - b) });
  if (rt.fl.has("canAddMembersGroup")) {
    for (const g of rt.store.groups.byId.values()) {
      if (g.id !== group.id && !g.deactivated && namesGroup(g.canAddMembers, group.id))
        out.push({ type: "user_group", group_id: g.id, settings: ["can_add_members_group"] });
    }
  }
  for (const c of rt.store.channels.values()) {
    if (c.isArchived) continue;
    const settings = CHANNEL_SETTINGS.filter((d) => channelSettingOn(rt, d, "field") && namesGroup(c.groups[d.key], group.id)).map((d) => d.name);
    if (settings.length) out.push({ type: "channel", channel_id: c.id, settings });
  }
  const realm = REALM_SETTINGS.filter(
    (d) =>
      (d.kind.type === "gsv" || d.kind.type === "group-id") &&
      settingActive(d, rt.fl) &&
      namesGroup(rt.store.settings.get(d.name) as GroupSettingValue, group.id),
  ).map((d) => d.name);
  if (realm.length) out.push({ type: "realm", settings: realm });
  return out;
}

/**
 * POST /user_groups/{user_group_id}/deactivate (FL294; under `--product zulip` FL290): the group's managers deactivate a group; from FL298 a group
 * still in use is refused with CANNOT_DEACTIVATE_GROUP_IN_USE and stays active. Clients with
 * include_deactivated_groups hear a user_group update, the others a remove.
 */
function deactivateGroup(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const group = pathGroup(ctx);
  if (!canManageGroup(rt, user, group)) throw insufficientPermission();
  if (group.deactivated) throw badRequest("User group is already deactivated.");
  if (rt.fl.has("cannotDeactivateGroupInUse")) {
    const objections = groupObjections(rt, group);
    if (objections.length) throw cannotDeactivateGroupInUse(objections);
  }
  if (rt.faulty("fl294.groups.deactivate-endpoint")) return {};
  group.deactivated = true;
  publishGroupUpdate(rt, group, { deactivated: true }, true);
  return {};
}

export const routes: Route[] = [
  authed("POST", "/user_groups/:user_group_id(^\\d+$)/deactivate", deactivateGroup, {
    level: "groupDeactivateEndpoint",
    zulipFrom: "groupDeactivation",
  }),
];
