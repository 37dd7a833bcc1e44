import { z } from "zod";

/** A saved snippet (Zulip's, which the spec does not name): GET /saved_snippets, register `saved_snippets` and its events. */
export const SavedSnippet = z.looseObject({ id: z.number().int(), title: z.string(), content: z.string(), date_created: z.number().int() });
export type SavedSnippet = z.infer<typeof SavedSnippet>;
