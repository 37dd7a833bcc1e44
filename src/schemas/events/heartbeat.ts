import { z } from "zod";

export const HeartbeatEvent = z.strictObject({ id: z.number().int().nonnegative(), type: z.literal("heartbeat") });
