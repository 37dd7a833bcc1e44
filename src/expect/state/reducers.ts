import type { AnyEvent } from "../../schemas/events/envelope.ts";

/** A client's register state: the sections POST /register returned, as a plain JSON object. */
export type ClientState = Record<string, unknown>;

/** How a real client applies one event type to its state. Returns the new state (it may mutate a copy). */
export type Reducer = (state: ClientState, event: AnyEvent, self: { userId: number }) => ClientState;

interface UnreadStream {
  stream_id: number;
  topic: string;
  unread_message_ids: number[];
}
interface UnreadMsgs {
  count: number;
  streams: UnreadStream[];
  pms: Array<{ other_user_id: number; unread_message_ids: number[] }>;
  huddles: Array<{ user_ids_string: string; unread_message_ids: number[] }>;
  [k: string]: unknown;
}

/** `message`: a new message raises max_message_id and, when it arrives unread, joins unread_msgs. */
const message: Reducer = (state, ev, self) => {
  const m = ev.message as { id: number; type: string; stream_id?: number; subject: string; sender_id: number; display_recipient: unknown };
  const flags = (ev.flags as string[]) ?? [];
  const next: ClientState = { ...state };
  if (typeof state.max_message_id === "number") next.max_message_id = Math.max(state.max_message_id, m.id);
  const unread = state.unread_msgs as UnreadMsgs | undefined;
  if (!unread || flags.includes("read")) return next;
  const u: UnreadMsgs = structuredClone(unread);
  u.count++;
  if (m.type === "stream") {
    const entry = u.streams.find((s) => s.stream_id === m.stream_id && s.topic === m.subject);
    if (entry) entry.unread_message_ids.push(m.id);
    else u.streams.push({ stream_id: m.stream_id!, topic: m.subject, unread_message_ids: [m.id] });
  } else {
    const ids = (m.display_recipient as Array<{ id: number }>).map((r) => r.id).sort((a, b) => a - b);
    if (ids.length <= 2) {
      const other = ids.find((id) => id !== self.userId) ?? self.userId;
      const entry = u.pms.find((p) => p.other_user_id === other);
      if (entry) entry.unread_message_ids.push(m.id);
      else u.pms.push({ other_user_id: other, unread_message_ids: [m.id] });
    } else {
      const key = ids.join(",");
      const entry = u.huddles.find((h) => h.user_ids_string === key);
      if (entry) entry.unread_message_ids.push(m.id);
      else u.huddles.push({ user_ids_string: key, unread_message_ids: [m.id] });
    }
  }
  next.unread_msgs = u;
  return next;
};

/** The reducers the harness knows; an event type without one makes the invariant test say so (not pass silently). */
// --- messages: reactions, submessages, typing, scheduled messages ---
interface ScheduledEntry {
  scheduled_message_id: number;
  scheduled_delivery_timestamp: number;
}
const byDelivery = (a: ScheduledEntry, b: ScheduledEntry) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp || a.scheduled_message_id - b.scheduled_message_id;

/** `scheduled_messages` add/update/remove: the register list of undelivered scheduled messages, by delivery time. */
const scheduledMessages: Reducer = (state, ev) => {
  const list = state.scheduled_messages as ScheduledEntry[] | undefined;
  if (!list) return state;
  let next = list.filter((s) => s.scheduled_message_id !== ev.scheduled_message_id);
  if (ev.op === "add") next = [...next, ...(ev.scheduled_messages as ScheduledEntry[])];
  if (ev.op === "update") {
    const changed = ev.scheduled_message as ScheduledEntry;
    next = next.map((s) => (s.scheduled_message_id === changed.scheduled_message_id ? { ...s, ...changed } : s));
  }
  return { ...state, scheduled_messages: next.sort(byDelivery) };
};

export const REDUCERS: Record<string, Reducer> = { message, heartbeat: (s) => s, scheduled_messages: scheduledMessages };
