import { canCreateGroups } from "../../access/user-groups.ts";
import { publishGroupAdded } from "../../events/user-group.ts";
import { badRequest, insufficientPermission } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { readCreateSetting, UserIds } from "./lookup.ts";

/**
 * POST /user_groups/create: name, description and members (JSON user ids, active users only) → {group_id}
 * (FL317; before, nothing); from FL305 an optional can_add_members_group (a group-setting value, the creator by
 * default). A user_group add event goes to everyone.
 */
function createGroup(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  if (!canCreateGroups(rt, user)) throw insufficientPermission();
  const name = params.str("name").trim();
  const description = params.str("description");
  const members = params.json("members", UserIds);
  if (name === "" || [...name].length > 100) throw badRequest("Invalid user group name");
  if (name.startsWith("role:")) throw badRequest("User group name cannot start with 'role:'.");
  if (rt.store.groups.named(name)) throw badRequest(`User group '${name}' already exists.`);
  for (const id of members) if (!rt.store.users.get(id)?.isActive) throw badRequest(`Invalid user ID: ${id}`);
  const canAdd =
    rt.fl.has("canAddMembersGroup") && !rt.faulty("fl305.groups.can-add-members-group-create") ? readCreateSetting(ctx, "can_add_members_group") : undefined;
  const group = rt.store.groups.add({
    name,
    description,
    isSystem: false,
    maxRole: null,
    directMembers: new Set(members),
    directSubgroups: new Set(),
    creatorId: user.id,
    dateCreated: rt.store.clock(),
    deactivated: false,
    canAddMembers: canAdd ?? { direct_members: [user.id], direct_subgroups: [] },
  });
  publishGroupAdded(rt, group);
  return rt.fl.has("createGroupReturnsId") ? { group_id: group.id } : {};
}

export const routes: Route[] = [authed("POST", "/user_groups/create", createGroup)];
