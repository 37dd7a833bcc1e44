/**
 * Suite files that spend most of their time waiting out the target's timers: an idle long-poll's heartbeat (50 s on
 * a real server) and scheduled messages coming due (real servers deliver about once a minute). `run` starts them
 * first, so that their waits run alongside the other files instead of after them, and runs their tests side by
 * side (each waits for its own messages and events), so that a file waits about as long as its longest test.
 */
export const WAITING_SUITES: readonly string[] = ["suites/events/queue.test.ts", "suites/messages/scheduled-delivery.test.ts"];

export const isWaiting = (file: string): boolean => WAITING_SUITES.includes(file);
