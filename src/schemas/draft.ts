import { z } from "zod";

/** A draft (Zulip's Draft object, which the spec does not name): GET /drafts, register `drafts` and `drafts` events. */
export const Draft = z.looseObject({
  id: z.number().int(),
  type: z.enum(["", "stream", "private"]),
  to: z.array(z.number().int()),
  topic: z.string(),
  content: z.string(),
  timestamp: z.number(),
});
export type Draft = z.infer<typeof Draft>;
