import { z } from "zod";
import { GroupSettingValue } from "./group-setting-value.ts";

/** The user group object (wire §13) of register realm_user_groups and GET /user_groups. */
export const UserGroup = z.looseObject({
  id: z.number().int().nonnegative(),
  name: z.string(),
  description: z.string(),
  members: z.array(z.number().int()),
  direct_subgroup_ids: z.array(z.number().int()),
  is_system_group: z.boolean(),
  deactivated: z.boolean().optional(),
  /** FL305: who may add members. */
  can_add_members_group: GroupSettingValue.optional(),
});
export type UserGroup = z.infer<typeof UserGroup>;
