import type { Runtime } from "../runtime.ts";

/** `alert_words`: the user's whole list after any change (no op), to the user's own queues. */
export function publishAlertWords(rt: Runtime, userId: number): void {
  rt.queues.publish("alert_words", [userId], () => ({ type: "alert_words", alert_words: [...rt.store.alertWords.of(userId)] }));
}
