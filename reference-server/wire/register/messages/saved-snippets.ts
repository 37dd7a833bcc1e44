import type { Runtime } from "../../../runtime.ts";
import type { User } from "../../../state/types.ts";
import { zulipHas } from "../../../zulip-levels.ts";
import { serializeSavedSnippet } from "../../saved-snippet.ts";

/** register `saved_snippets` (FL297): the user's saved snippets, oldest first. */
export function savedSnippetsSection(rt: Runtime, user: User): Record<string, unknown> {
  if (!zulipHas(rt.fl, "savedSnippets")) return {};
  return { saved_snippets: rt.store.savedSnippets.ofOwner(user.id).map(serializeSavedSnippet) };
}
