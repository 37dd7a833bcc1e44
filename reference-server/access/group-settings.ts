import { z } from "zod";
import { badRequest } from "../errors/registry.ts";
import type { GroupSettingValue } from "../state/group-setting-value.ts";
import type { Groups } from "../state/groups.ts";
import type { Store } from "../state/store.ts";
import type { User } from "../state/types.ts";

export const GroupSettingValueSchema = z.union([
  z.number().int(),
  z.strictObject({ direct_members: z.array(z.number().int()), direct_subgroups: z.array(z.number().int()) }),
]);

/** Update-style endpoints take `{"new": GSV, "old"?: GSV}`; a bare GSV is accepted too. */
export const GroupSettingUpdateSchema = z.union([
  GroupSettingValueSchema,
  z.strictObject({ new: GroupSettingValueSchema, old: GroupSettingValueSchema.optional() }),
]);
export type GroupSettingUpdate = z.infer<typeof GroupSettingUpdateSchema>;

/** Whether the user holds a permission whose value is `value`. */
export function holds(groups: Groups, user: User, value: GroupSettingValue): boolean {
  if (typeof value === "number") {
    const g = groups.byId.get(value);
    return g !== undefined && groups.contains(g, user);
  }
  if (user.isActive && value.direct_members.includes(user.id)) return true;
  return value.direct_subgroups.some((id) => {
    const g = groups.byId.get(id);
    return g !== undefined && groups.contains(g, user);
  });
}

/** The canonical form: an anonymous group of one subgroup and no members is that group's id; deactivated users are dropped (FL303). */
export function normalize(store: Store, value: GroupSettingValue): GroupSettingValue {
  if (typeof value === "number") return value;
  const members = [...new Set(value.direct_members)].filter((id) => store.users.get(id)?.isActive).sort((a, b) => a - b);
  const subgroups = [...new Set(value.direct_subgroups)].sort((a, b) => a - b);
  if (members.length === 0 && subgroups.length === 1) return subgroups[0]!;
  return { direct_members: members, direct_subgroups: subgroups };
}

/** Every group and user a value names exists; otherwise 400 BAD_REQUEST naming the setting. */
export function checkValue(store: Store, setting: string, value: GroupSettingValue): void {
  const groupIds = typeof value === "number" ? [value] : value.direct_subgroups;
  for (const id of groupIds) if (!store.groups.byId.has(id)) throw badRequest(`Invalid user group ID ${id} for ${setting}`);
  // Deactivated users cannot be named either (real servers: "Invalid user ID").
  if (typeof value !== "number")
    for (const id of value.direct_members) if (!store.users.get(id)?.isActive) throw badRequest(`Invalid user ID ${id} for ${setting}`);
}

/** Whether the value names the group, as its id or among its direct subgroups (group deactivation objections). */
export function namesGroup(value: GroupSettingValue, groupId: number): boolean {
  return typeof value === "number" ? value === groupId : value.direct_subgroups.includes(groupId);
}

/** The value without the user among its direct members (FL303 corrections after a deactivation); undefined if it did not name the user. */
export function withoutMember(value: GroupSettingValue, userId: number): GroupSettingValue | undefined {
  if (typeof value === "number" || !value.direct_members.includes(userId)) return undefined;
  return { direct_members: value.direct_members.filter((id) => id !== userId), direct_subgroups: value.direct_subgroups };
}

export function sameValue(a: GroupSettingValue, b: GroupSettingValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
