import type { SavedSnippet } from "../state/saved-snippets.ts";

/** The saved snippet object of GET /saved_snippets, register and events. */
export function serializeSavedSnippet(s: SavedSnippet): Record<string, unknown> {
  return { id: s.id, title: s.title, content: s.content, date_created: s.dateCreated };
}
