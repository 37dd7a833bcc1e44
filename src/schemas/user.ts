import { z } from "zod";

/** The user object (wire §13) of GET /users/me, GET /users, register realm_users and realm_user/add. */
export const User = z.looseObject({
  user_id: z.number().int().positive(),
  email: z.string(),
  /** Always present from FL163 (null without access); before, only for non-public emails the requester may see. */
  delivery_email: z.string().nullable().optional(),
  full_name: z.string(),
  date_joined: z.string(),
  is_active: z.boolean(),
  is_owner: z.boolean(),
  is_admin: z.boolean(),
  is_guest: z.boolean(),
  is_bot: z.boolean(),
  role: z.union([z.literal(100), z.literal(200), z.literal(300), z.literal(400), z.literal(600)]),
  timezone: z.string(),
  avatar_url: z.string().nullable().optional(),
  avatar_version: z.number().int(),
  bot_type: z.number().int().nullable().optional(),
  bot_owner_id: z.number().int().nullable().optional(),
});
export type User = z.infer<typeof User>;
