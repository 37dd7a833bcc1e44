import { z } from "zod";
import { Channel } from "../channel.ts";

/** `stream` op create: the new channels (wire §10). */
export const StreamCreateEvent = z.looseObject({ id: z.number().int(), type: z.literal("stream"), op: z.literal("create"), streams: z.array(Channel) });

/** `stream` op delete: stream_ids from FL343, and the deprecated `streams` (objects with stream_id). */
export const StreamDeleteEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("stream"),
  op: z.literal("delete"),
  stream_ids: z.array(z.number().int()).optional(),
  streams: z.array(z.looseObject({ stream_id: z.number().int() })).optional(),
});

/** `stream` op update: one property's new value. */
export const StreamUpdateEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("stream"),
  op: z.literal("update"),
  stream_id: z.number().int(),
  property: z.string(),
  value: z.unknown(),
});
