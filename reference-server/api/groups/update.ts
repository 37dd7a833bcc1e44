import { canManageGroup } from "../../access/user-groups.ts";
import { publishGroupRemoved, publishGroupUpdate } from "../../events/user-group.ts";
import { badRequest, insufficientPermission, methodNotAllowed } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { pathGroup, readUpdateSetting } from "./lookup.ts";

/**
 * PATCH /user_groups/{user_group_id}: name, description and, from FL305, can_add_members_group as {new, old}.
 * A deactivated group (FL294) could only be renamed before FL340; from FL340 everything stays editable.
 * Clients hear a user_group update with the changed fields.
 */
function updateGroup(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const group = pathGroup(ctx);
  if (!canManageGroup(rt, user, group)) throw insufficientPermission();
  const name = params.optStr("name")?.trim();
  const description = params.optStr("description");
  const canAdd =
    rt.fl.has("canAddMembersGroup") && !rt.faulty("fl305.groups.can-add-members-group-update")
      ? readUpdateSetting(ctx, "can_add_members_group", group.canAddMembers)
      : undefined;
  if (name === undefined && description === undefined && canAdd === undefined) throw badRequest("No new data supplied");
  if (group.deactivated && !rt.fl.has("deactivatedGroupEditable") && (description !== undefined || canAdd !== undefined)) {
    throw badRequest("You can only change name of deactivated user groups");
  }
  const data: Record<string, unknown> = {};
  if (name !== undefined && name !== group.name) {
    if (name === "" || [...name].length > 100) throw badRequest("Invalid user group name");
    if (name.startsWith("role:")) throw badRequest("User group name cannot start with 'role:'.");
    if (rt.store.groups.named(name)) throw badRequest(`User group '${name}' already exists.`);
    rt.store.groups.rename(group, name);
    data.name = name;
  }
  if (description !== undefined && description !== group.description) data.description = group.description = description;
  if (canAdd !== undefined && JSON.stringify(canAdd) !== JSON.stringify(group.canAddMembers)) data.can_add_members_group = group.canAddMembers = canAdd;
  if (Object.keys(data).length > 0) publishGroupUpdate(rt, group, data);
  return {};
}

/** DELETE /user_groups/{user_group_id}: deletes the group before FL294; from FL294 groups are deactivated, not deleted. */
function deleteGroup(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  if (rt.fl.has("groupDeleteRemoved")) throw methodNotAllowed(["PATCH"]);
  const group = pathGroup(ctx);
  if (!canManageGroup(rt, user, group)) throw insufficientPermission();
  rt.store.groups.remove(group);
  publishGroupRemoved(rt, group);
  return {};
}

export const routes: Route[] = [
  authed("PATCH", "/user_groups/:user_group_id(^\\d+$)", updateGroup),
  authed("DELETE", "/user_groups/:user_group_id(^\\d+$)", deleteGroup),
];
