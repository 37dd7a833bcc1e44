import { z } from "zod";
import { CustomProfileField } from "../custom-profile-field.ts";

/** `custom_profile_fields`: the whole list after a change. */
export const CustomProfileFieldsEvent = z.looseObject({ id: z.number().int(), type: z.literal("custom_profile_fields"), fields: z.array(CustomProfileField) });
