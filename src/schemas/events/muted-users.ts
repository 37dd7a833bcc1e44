import { z } from "zod";

/** One muted user of register `muted_users` and the event: who, and when (seconds since the epoch). */
export const MutedUser = z.looseObject({ id: z.number().int(), timestamp: z.number().int() });

/** `muted_users`: the user's whole list after a change (to the user's clients only). */
export const MutedUsersEvent = z.looseObject({ id: z.number().int(), type: z.literal("muted_users"), muted_users: z.array(MutedUser) });
