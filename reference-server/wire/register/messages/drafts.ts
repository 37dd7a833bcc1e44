import type { Runtime } from "../../../runtime.ts";
import type { User } from "../../../state/types.ts";
import { serializeDraft } from "../../draft.ts";

/** Real servers cap register's drafts (MAX_DRAFTS_IN_REGISTER_RESPONSE); GET /drafts lists them all. */
const MAX_DRAFTS_IN_REGISTER = 1000;

/** register `drafts`: the most recently edited first (GET /drafts goes the other way); empty once syncing is off. */
export function draftsSection(rt: Runtime, user: User): Record<string, unknown> {
  const drafts = rt.store.drafts.ofOwner(user.id).reverse().slice(0, MAX_DRAFTS_IN_REGISTER);
  return { drafts: drafts.map(serializeDraft) };
}
