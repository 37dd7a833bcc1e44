import { z } from "zod";
import { SavedSnippet } from "../saved-snippet.ts";

/** `saved_snippets` op add and update: the new or edited snippet, whole (to the owner's clients only). */
export const SavedSnippetEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("saved_snippets"),
  op: z.enum(["add", "update"]),
  saved_snippet: SavedSnippet,
});

/** `saved_snippets` op remove: the deleted snippet's id. */
export const SavedSnippetRemoveEvent = z.looseObject({
  id: z.number().int(),
  type: z.literal("saved_snippets"),
  op: z.literal("remove"),
  saved_snippet_id: z.number().int(),
});
