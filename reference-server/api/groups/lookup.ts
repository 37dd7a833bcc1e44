import { z } from "zod";
import { checkValue, GroupSettingUpdateSchema, GroupSettingValueSchema, normalize, sameValue } from "../../access/group-settings.ts";
import type { GroupSettingValue } from "../../state/group-setting-value.ts";
import { expectationMismatch, invalidUserGroup } from "../../errors/registry.ts";
import type { RequestContext, Runtime } from "../../runtime.ts";
import type { GroupPermission, UserGroup } from "../../state/groups.ts";
import type { User } from "../../state/types.ts";

/** The group named by the path's user_group_id; 400 "Invalid user group" for unknown ids. */
export function pathGroup(ctx: RequestContext): UserGroup {
  const group = ctx.rt.store.groups.byId.get(Number(ctx.path.user_group_id));
  if (!group) throw invalidUserGroup();
  return group;
}

/** A JSON list of user ids, parsed strictly (bad shapes are 400 BAD_REQUEST). */
export const UserIds = z.array(z.number().int());

/** Whether the user is listed among group members at the emulated level (deactivated users are not from FL303). */
export function listedMember(rt: Runtime, u: User | undefined): u is User {
  return u !== undefined && (u.isActive || !rt.fl.has("deactivatedUsersNotMembers"));
}

/** The group's members: direct ones, or through its subgroups too (system groups by role). */
export function groupMembers(rt: Runtime, group: UserGroup, directOnly: boolean): number[] {
  const { store } = rt;
  const ids = new Set<number>();
  const groups = directOnly ? [group.id] : [...store.groups.descendants(group)];
  for (const id of groups) {
    const g = store.groups.byId.get(id)!;
    if (g.isSystem) {
      for (const u of store.users.values()) if (listedMember(rt, u) && store.groups.contains(g, { ...u, isActive: true })) ids.add(u.id);
    } else {
      for (const uid of g.directMembers) if (listedMember(rt, store.users.get(uid))) ids.add(uid);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** A group permission setting on create (a plain group-setting value), validated and in canonical form. */
export function readCreateSetting(ctx: RequestContext, name: GroupPermission): GroupSettingValue | undefined {
  const v = ctx.params.optJson(name, GroupSettingValueSchema);
  if (v === undefined) return undefined;
  checkValue(ctx.rt.store, name, v);
  return normalize(ctx.rt.store, v);
}

/** A group permission setting on PATCH: `{new, old?}` (a bare value too); `old` must match the current value. */
export function readUpdateSetting(ctx: RequestContext, name: GroupPermission, current: GroupSettingValue): GroupSettingValue | undefined {
  const v = ctx.params.optJson(name, GroupSettingUpdateSchema);
  if (v === undefined) return undefined;
  const update = typeof v === "object" && "new" in v ? v : { new: v as GroupSettingValue, old: undefined };
  checkValue(ctx.rt.store, name, update.new);
  if (update.old !== undefined) {
    checkValue(ctx.rt.store, name, update.old);
    if (!sameValue(normalize(ctx.rt.store, update.old), current)) throw expectationMismatch();
  }
  return normalize(ctx.rt.store, update.new);
}
