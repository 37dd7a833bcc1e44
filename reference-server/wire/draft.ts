import type { Draft } from "../state/drafts.ts";

/** The draft object of GET /drafts, register `drafts` and `drafts` events; `timestamp` in whole seconds. */
export function serializeDraft(d: Draft): Record<string, unknown> {
  return { id: d.id, type: d.type, to: [...d.to], topic: d.topic, content: d.content, timestamp: Math.floor(d.lastEditTime) };
}
