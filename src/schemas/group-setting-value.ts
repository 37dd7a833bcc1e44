import { z } from "zod";

/** A group-setting value (wire §11): a group id, or an anonymous group of direct members and subgroups. */
export const GroupSettingValue = z.union([
  z.number().int().nonnegative(),
  z.looseObject({ direct_members: z.array(z.number().int()), direct_subgroups: z.array(z.number().int()) }),
]);
export type GroupSettingValue = z.infer<typeof GroupSettingValue>;
