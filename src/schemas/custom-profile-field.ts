import { z } from "zod";

/** A custom profile field of the organization (GET /realm/profile_fields, register, events). */
export const CustomProfileField = z.looseObject({
  id: z.number().int(),
  type: z.number().int().min(1),
  order: z.number().int(),
  name: z.string(),
  hint: z.string(),
  field_data: z.string(),
  display_in_profile_summary: z.boolean().optional(),
  required: z.boolean().optional(),
});
export type CustomProfileField = z.infer<typeof CustomProfileField>;

export const CustomProfileFieldsResponse = z.looseObject({ custom_fields: z.array(CustomProfileField) });
