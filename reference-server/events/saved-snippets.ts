import { serializeSavedSnippet } from "../wire/saved-snippet.ts";
import type { Runtime } from "../runtime.ts";
import type { SavedSnippet } from "../state/saved-snippets.ts";

/** `saved_snippets` events (the type is plural, though Zulip's changelog once named it singular): to the owner only. */
export function publishSavedSnippetAdded(rt: Runtime, snippet: SavedSnippet): void {
  rt.queues.publish("saved_snippets", [snippet.ownerId], () => ({ type: "saved_snippets", op: "add", saved_snippet: serializeSavedSnippet(snippet) }));
}

export function publishSavedSnippetUpdated(rt: Runtime, snippet: SavedSnippet): void {
  rt.queues.publish("saved_snippets", [snippet.ownerId], () => ({ type: "saved_snippets", op: "update", saved_snippet: serializeSavedSnippet(snippet) }));
}

export function publishSavedSnippetRemoved(rt: Runtime, ownerId: number, snippetId: number): void {
  rt.queues.publish("saved_snippets", [ownerId], () => ({ type: "saved_snippets", op: "remove", saved_snippet_id: snippetId }));
}
