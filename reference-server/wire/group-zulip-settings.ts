import type { Runtime } from "../runtime.ts";
import type { SystemGroupName, UserGroup } from "../state/groups.ts";
import type { GroupSettingValue } from "../state/group-setting-value.ts";
import { zulipProductHas, type ZulipLevelName } from "../zulip-levels.ts";

/** Who holds a permission on a new group: a system group, or the group's creator (an anonymous group of one). */
type Holder = SystemGroupName | "creator";

/**
 * The group permission settings a real server's user group objects carry besides can_add_members_group (which
 * the spec has): the name, the level from which it is sent, who holds it on a user-defined group and on a
 * system group. This server lets no one change them, so every group keeps what a real server gives a new one.
 */
const SETTINGS: ReadonlyArray<{ name: string; from: ZulipLevelName; until?: ZulipLevelName; userDefined: Holder; system: Holder }> = [
  // System groups cannot be mentioned (as before the setting existed).
  { name: "can_mention_group_id", from: "groupCanMentionGroupId", until: "groupCanMentionGroupRenamed", userDefined: "role:everyone", system: "role:nobody" },
  { name: "can_mention_group", from: "groupCanMentionGroupRenamed", userDefined: "role:everyone", system: "role:nobody" },
  { name: "can_manage_group", from: "groupCanManageGroup", userDefined: "creator", system: "role:nobody" },
  { name: "can_join_group", from: "groupCanJoinGroup", userDefined: "role:nobody", system: "role:nobody" },
  { name: "can_leave_group", from: "groupCanLeaveGroup", userDefined: "role:everyone", system: "role:nobody" },
  { name: "can_remove_members_group", from: "groupCanRemoveMembersGroup", userDefined: "creator", system: "role:nobody" },
];

/** `--product zulip`: the real server's further group permission settings of the group, at the emulated level. */
export function zulipGroupSettings(rt: Runtime, g: UserGroup): Record<string, GroupSettingValue> {
  const out: Record<string, GroupSettingValue> = {};
  for (const s of SETTINGS) {
    if (!zulipProductHas(rt, s.from) || (s.until !== undefined && zulipProductHas(rt, s.until))) continue;
    const holder = g.isSystem ? s.system : s.userDefined;
    out[s.name] =
      holder !== "creator"
        ? rt.store.groups.system(holder).id
        : g.creatorId !== null
          ? { direct_members: [g.creatorId], direct_subgroups: [] }
          : rt.store.groups.system("role:nobody").id;
  }
  return out;
}
