import { z } from "zod";

/** GET /messages/matches_narrow: the matching messages by id, with their (highlighted) content and topic. */
export const MatchesNarrowResponse = z.looseObject({
  result: z.literal("success"),
  messages: z.record(z.string().regex(/^\d+$/), z.looseObject({ match_content: z.string(), match_subject: z.string() })),
});
export type MatchesNarrowResponse = z.infer<typeof MatchesNarrowResponse>;
