import { z } from "zod";
import { User } from "../user.ts";

/** `realm_user` op add: a user object (or an "Unknown user" placeholder) under `person` (wire §10). */
export const RealmUserAddEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("realm_user"),
  op: z.literal("add"),
  person: User,
});

/** `realm_user` op update: the user id and one changed group of fields. */
export const RealmUserUpdateEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("realm_user"),
  op: z.literal("update"),
  person: z.looseObject({ user_id: z.number().int() }),
});

/** `realm_user` op remove: the user leaves the client's user list (before FL222 also deactivation). */
export const RealmUserRemoveEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("realm_user"),
  op: z.literal("remove"),
  person: z.looseObject({ user_id: z.number().int(), full_name: z.string().optional() }),
});
