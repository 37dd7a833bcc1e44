import { z } from "zod";

/** The user group object (wire §13) of register realm_user_groups and GET /user_groups. */
export const UserGroup = z.looseObject({
  id: z.number().int().nonnegative(),
  name: z.string(),
  description: z.string(),
  members: z.array(z.number().int()),
  direct_subgroup_ids: z.array(z.number().int()),
  is_system_group: z.boolean(),
});
export type UserGroup = z.infer<typeof UserGroup>;
