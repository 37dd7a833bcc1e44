import type { Runtime } from "../runtime.ts";
import type { UserGroup } from "../state/groups.ts";
import type { User } from "../state/types.ts";
import { serializeGroup } from "../api/groups/serialize.ts";
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
