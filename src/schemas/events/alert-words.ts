import { z } from "zod";

/** `alert_words`: the user's whole list after a change (to the user's clients only). */
export const AlertWordsEvent = z.looseObject({ id: z.number().int(), type: z.literal("alert_words"), alert_words: z.array(z.string()) });
