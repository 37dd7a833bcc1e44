import { eventCheck, type EventCheck, type EventQueueReader } from "../../src/client/events.ts";
import type { AnyEvent } from "../../src/schemas/events/envelope.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { PersonaRole } from "../../src/target/personas.ts";

/**
 * Every event the queue delivers up to and including the one `marker` matches. Tests prove that something was
 * *not* sent by acting, then causing a marker event that must come after it, and looking at what came before —
 * no sleeping.
 */
export async function eventsThrough(queue: EventQueueReader, marker: EventCheck, budgetMs?: number): Promise<AnyEvent[]> {
  const seen: AnyEvent[] = [];
  const recording = eventCheck(marker.name, (ev) => {
    seen.push(ev);
    return marker.test(ev);
  });
  await queue.until([recording], budgetMs);
  return seen;
}

/** POST /register for `role` with client capabilities (notification_settings_null is required whenever any is sent). */
export function registerWith(t: TestContext, role: PersonaRole, eventTypes: string[], capabilities: Record<string, boolean> = {}) {
  return t.register(role, {
    event_types: eventTypes,
    fetch_event_types: [],
    client_capabilities: { notification_settings_null: true, ...capabilities },
  });
}
