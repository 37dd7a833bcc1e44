import type { Runtime } from "../runtime.ts";
import type { UserGroup } from "../state/groups.ts";
import type { User } from "../state/types.ts";
import { serializeGroup } from "../wire/group.ts";
import { activeUserIds } from "./realm-user.ts";

/** `user_group` op add: a new group, to every user. */
export function publishGroupAdded(rt: Runtime, group: UserGroup): void {
  rt.queues.publish("user_group", activeUserIds(rt), () => ({ type: "user_group", op: "add", group: serializeGroup(rt, group) }));
}

/**
 * The groups whose member lists name the user while active: non-system groups it is a direct member of, and the
 * system groups of its role (as GET /user_groups lists them).
 */
export function groupsListing(rt: Runtime, user: User): UserGroup[] {
  const asActive = { ...user, isActive: true };
  return [...rt.store.groups.byId.values()].filter((g) => (g.isSystem ? rt.store.groups.contains(g, asActive) : g.directMembers.has(user.id)));
}

/** `user_group` add_members / remove_members for one user in each of `groups`, to every user. */
export function publishMembership(rt: Runtime, op: "add_members" | "remove_members", user: User, groups: readonly UserGroup[]): void {
  const audience = activeUserIds(rt);
  for (const g of groups) rt.queues.publish("user_group", audience, () => ({ type: "user_group", op, group_id: g.id, user_ids: [user.id] }));
}

/**
 * `user_group` op update {group_id, data}. About a deactivated group (FL294), only clients with the
 * include_deactivated_groups capability hear of it (renames included); `deactivating` is the deactivation itself,
 * which the others get as a `remove`.
 */
export function publishGroupUpdate(rt: Runtime, group: UserGroup, data: Record<string, unknown>, deactivating = false): void {
  const byCapability = rt.fl.has("includeDeactivatedGroupsCapability") && group.deactivated;
  rt.queues.publish("user_group", activeUserIds(rt), (q) => {
    if (!byCapability || q.options.capabilities.include_deactivated_groups) return { type: "user_group", op: "update", group_id: group.id, data };
    if (deactivating)
      return rt.faulty("fl294.groups.deactivate-event-by-capability")
        ? { type: "user_group", op: "update", group_id: group.id, data }
        : { type: "user_group", op: "remove", group_id: group.id };
    return rt.faulty("fl294.groups.rename-deactivated-no-update") ? { type: "user_group", op: "update", group_id: group.id, data } : null;
  });
}

/** `user_group` op remove: the group is gone (DELETE before FL294). */
export function publishGroupRemoved(rt: Runtime, group: UserGroup): void {
  rt.queues.publish("user_group", activeUserIds(rt), () => ({ type: "user_group", op: "remove", group_id: group.id }));
}

/** `user_group` add_members / remove_members for several users of one group. */
export function publishMembers(rt: Runtime, op: "add_members" | "remove_members", group: UserGroup, userIds: readonly number[]): void {
  if (userIds.length === 0) return;
  rt.queues.publish("user_group", activeUserIds(rt), () => ({ type: "user_group", op, group_id: group.id, user_ids: [...userIds] }));
}

/** `user_group` add_subgroups / remove_subgroups. */
export function publishSubgroups(rt: Runtime, op: "add_subgroups" | "remove_subgroups", group: UserGroup, subgroupIds: readonly number[]): void {
  if (subgroupIds.length === 0) return;
  rt.queues.publish("user_group", activeUserIds(rt), () => ({ type: "user_group", op, group_id: group.id, direct_subgroup_ids: [...subgroupIds] }));
}
