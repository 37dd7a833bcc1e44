import { z } from "zod";
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
