import { z } from "zod";

/** Every event: an integer `id` (per queue, rising) and a `type` (wire §10). */
export const AnyEvent = z.looseObject({ id: z.number().int().nonnegative(), type: z.string().min(1) });
export type AnyEvent = z.infer<typeof AnyEvent>;

/** GET /events success (wire §9). */
export const EventsResponse = z.looseObject({ result: z.literal("success"), events: z.array(AnyEvent) });
