import { z } from "zod";
import { GroupSettingValue } from "../group-setting-value.ts";
import { UserGroup } from "../user-group.ts";

/** `user_group` op add: the new group (wire §10). */
export const UserGroupAddEvent = z.looseObject({ id: z.number().int(), type: z.literal("user_group"), op: z.literal("add"), group: UserGroup });

/** `user_group` add_members / remove_members: users joining or leaving one group. */
export const UserGroupMembersEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("user_group"),
  op: z.enum(["add_members", "remove_members"]),
  group_id: z.number().int(),
  user_ids: z.array(z.number().int()),
});

/** `user_group` op update: the changed fields of one group. */
export const UserGroupUpdateEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("user_group"),
  op: z.literal("update"),
  group_id: z.number().int(),
  data: z.looseObject({
    name: z.string().optional(),
    description: z.string().optional(),
    deactivated: z.boolean().optional(),
    can_add_members_group: GroupSettingValue.optional(),
  }),
});

/** `user_group` op remove: the group is gone for this client. */
export const UserGroupRemoveEvent = z.looseObject({ id: z.number().int(), type: z.literal("user_group"), op: z.literal("remove"), group_id: z.number().int() });

/** `user_group` add_subgroups / remove_subgroups. */
export const UserGroupSubgroupsEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("user_group"),
  op: z.enum(["add_subgroups", "remove_subgroups"]),
  group_id: z.number().int(),
  direct_subgroup_ids: z.array(z.number().int()),
});
