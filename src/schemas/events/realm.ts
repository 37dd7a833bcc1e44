import { z } from "zod";

/** `realm` op `update`: one property and its new value (wire §10). */
export const RealmUpdateEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("realm"),
  op: z.literal("update"),
  property: z.string(),
  value: z.unknown(),
});

/** `realm` op `update_dict`: properties that change together, under `data`. */
export const RealmUpdateDictEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("realm"),
  op: z.literal("update_dict"),
  property: z.string(),
  data: z.record(z.string(), z.unknown()),
});
