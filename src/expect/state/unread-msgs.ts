import { arr, type ClientState } from "./model.ts";

/**
 * The register's unread_msgs as the model edits it: where an unread message is filed (a channel topic, a
 * one-to-one or a group conversation), and the edits that file and remove ids on a copy that shares every entry it
 * did not touch, so that an event costs what it changes and not the length of a long-lived account's unread list.
 */

export interface UnreadMsgs {
  count: number;
  streams: Array<{ stream_id: number; topic: string; unread_message_ids: number[]; [k: string]: unknown }>;
  pms: Array<{ other_user_id: number; unread_message_ids: number[]; [k: string]: unknown }>;
  huddles: Array<{ user_ids_string: string; unread_message_ids: number[] }>;
  mentions: number[];
  [k: string]: unknown;
}

/** Where an unread message is filed: a channel topic, a one-to-one conversation, or a group conversation. */
export type UnreadPlace = { kind: "stream"; streamId: number; topic: string } | { kind: "pm"; other: number } | { kind: "huddle"; key: string };

/** The place of a direct message among `userIds` (all participants, or the others: the client itself is added). */
export function directPlace(userIds: number[], self: number): UnreadPlace {
  const all = [...new Set([...userIds, self])].sort((a, b) => a - b);
  if (all.length <= 2) return { kind: "pm", other: all.find((id) => id !== self) ?? self };
  return { kind: "huddle", key: all.join(",") };
}

/**
 * Files an unread message. The lists are editUnread's copies, their entries the state's own: an entry is replaced by
 * a copy with the id, never changed in place (states share what they did not change, so that an event costs what it
 * touches, not the length of a long-lived account's unread list).
 */
export function addUnread(u: UnreadMsgs, id: number, place: UnreadPlace, mentioned: boolean): void {
  if (isUnread(u, id)) return;
  UNREAD_BOUND.set(u, Math.max(boundOf(u), id));
  u.count++;
  const append = <E extends { unread_message_ids: number[] }>(list: E[], i: number): void => {
    const e = list[i]!;
    list[i] = { ...e, unread_message_ids: [...e.unread_message_ids, id] };
  };
  if (place.kind === "stream") {
    // A topic is one topic whatever its case: its first spelling names the entry, as real servers group it.
    const topic = place.topic.toLowerCase();
    const i = u.streams.findIndex((s) => s.stream_id === place.streamId && s.topic.toLowerCase() === topic);
    if (i >= 0) append(u.streams, i);
    else u.streams.push({ stream_id: place.streamId, topic: place.topic, unread_message_ids: [id] });
  } else if (place.kind === "pm") {
    const i = u.pms.findIndex((p) => p.other_user_id === place.other);
    if (i >= 0) append(u.pms, i);
    else {
      // sender_id is the deprecated name of other_user_id (wire §8: pms entries hold both).
      u.pms.push({ other_user_id: place.other, sender_id: place.other, unread_message_ids: [id] });
    }
  } else {
    const i = u.huddles.findIndex((h) => h.user_ids_string === place.key);
    if (i >= 0) append(u.huddles, i);
    else u.huddles.push({ user_ids_string: place.key, unread_message_ids: [id] });
  }
  if (mentioned && Array.isArray(u.mentions) && !u.mentions.includes(id)) u.mentions.push(id);
}

/**
 * An upper bound of the ids filed in an unread_msgs object, kept beside it: a new message's id is above every filed
 * one, so the bound spares its event the scan of an account's whole unread list.
 */
const UNREAD_BOUND = new WeakMap<object, number>();

function boundOf(u: UnreadMsgs): number {
  let bound = UNREAD_BOUND.get(u);
  if (bound === undefined) {
    bound = -Infinity;
    for (const list of [u.streams, u.pms, u.huddles]) for (const e of list) for (const id of e.unread_message_ids) if (id > bound) bound = id;
    UNREAD_BOUND.set(u, bound);
  }
  return bound;
}

/** Whether the id is filed anywhere in unread_msgs (no set of every unread id is built for one message). */
export function isUnread(u: UnreadMsgs, id: number): boolean {
  if (id > boundOf(u)) return false;
  for (const list of [u.streams, u.pms, u.huddles]) for (const e of list) if (e.unread_message_ids.includes(id)) return true;
  return false;
}

export function unreadIds(u: UnreadMsgs): Set<number> {
  return new Set([...u.streams, ...u.pms, ...u.huddles].flatMap((e) => e.unread_message_ids));
}

/** Removes ids from every part of unread_msgs; returns where each was filed (to move them). */
export function removeUnread(u: UnreadMsgs, ids: ReadonlySet<number>): Map<number, UnreadPlace> {
  const was = new Map<number, UnreadPlace>();
  const strip = <E extends { unread_message_ids: number[] }>(list: E[], place: (e: E) => UnreadPlace): E[] =>
    list
      .map((e) => {
        // Entries without any of the ids stay the state's own objects.
        if (!e.unread_message_ids.some((id) => ids.has(id))) return e;
        for (const id of e.unread_message_ids) if (ids.has(id)) was.set(id, place(e));
        return { ...e, unread_message_ids: e.unread_message_ids.filter((id) => !ids.has(id)) };
      })
      .filter((e) => e.unread_message_ids.length > 0);
  u.streams = strip(u.streams, (e) => ({ kind: "stream", streamId: e.stream_id, topic: e.topic }));
  u.pms = strip(u.pms, (e) => ({ kind: "pm", other: e.other_user_id }));
  u.huddles = strip(u.huddles, (e) => ({ kind: "huddle", key: e.user_ids_string }));
  u.count -= was.size;
  if (Array.isArray(u.mentions) && u.mentions.some((id) => ids.has(id))) u.mentions = u.mentions.filter((id) => !ids.has(id));
  return was;
}

/**
 * Edits unread_msgs on a copy of its object and of its lists; the entries are shared with the previous state, and
 * the edits (addUnread, removeUnread) replace an entry rather than change it. A deep copy would cost every event
 * the whole unread list of an account with a history (ten thousand ids and more).
 */
export function editUnread(state: ClientState, fn: (u: UnreadMsgs) => void): ClientState {
  if (!state.unread_msgs || typeof state.unread_msgs !== "object") return state;
  const old = state.unread_msgs as UnreadMsgs;
  const u: UnreadMsgs = {
    ...old,
    streams: [...arr<UnreadMsgs["streams"][number]>(old.streams)],
    pms: [...arr<UnreadMsgs["pms"][number]>(old.pms)],
    huddles: [...arr<UnreadMsgs["huddles"][number]>(old.huddles)],
  };
  if (Array.isArray(old.mentions)) u.mentions = [...old.mentions];
  // Removals leave the old bound an upper bound still; addUnread raises it.
  UNREAD_BOUND.set(u, boundOf(old));
  fn(u);
  return { ...state, unread_msgs: u };
}
