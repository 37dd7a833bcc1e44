import { serializeDraft } from "../wire/draft.ts";
import type { Runtime } from "../runtime.ts";
import type { Draft } from "../state/drafts.ts";

/** `drafts` events: to the owner's queues only, so that the owner's other clients follow. */
export function publishDraftsAdded(rt: Runtime, ownerId: number, drafts: readonly Draft[]): void {
  rt.queues.publish("drafts", [ownerId], () => ({ type: "drafts", op: "add", drafts: drafts.map(serializeDraft) }));
}

export function publishDraftUpdated(rt: Runtime, draft: Draft): void {
  rt.queues.publish("drafts", [draft.ownerId], () => ({ type: "drafts", op: "update", draft: serializeDraft(draft) }));
}

export function publishDraftRemoved(rt: Runtime, ownerId: number, draftId: number): void {
  rt.queues.publish("drafts", [ownerId], () => ({ type: "drafts", op: "remove", draft_id: draftId }));
}
