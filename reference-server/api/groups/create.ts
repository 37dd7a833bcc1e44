import { z } from "zod";
import { publishGroupAdded } from "../../events/user-group.ts";
import { badRequest } from "../../http/errors.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";

/**
 * POST /user_groups/create: name, description and members (JSON user ids, active users only) → {group_id}
 * (FL317; before, nothing). A user_group add event goes to everyone. Only what the users area needs: group
 * settings such as can_add_members_group (FL305) come with the groups area.
 */
function createGroup(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  if (!rt.access.canCreateGroups(user)) throw badRequest("Insufficient permission");
  const name = params.str("name").trim();
  const description = params.str("description");
  const members = params.json("members", z.array(z.number().int()));
  if (name === "" || [...name].length > 100) throw badRequest("Invalid user group name");
  if (rt.store.groups.named(name)) throw badRequest(`User group '${name}' already exists.`);
  for (const id of members) if (!rt.store.users.get(id)?.isActive) throw badRequest(`Invalid user ID: ${id}`);
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
  });
  publishGroupAdded(rt, group);
  return rt.fl.has("createGroupReturnsId") ? { group_id: group.id } : {};
}

export const routes: Route[] = [authed("POST", "/user_groups/create", createGroup)];
