import { arr, clone, editList, noState, num, obj, type ClientState, type Obj, type ReduceContext, type ReducerEntry } from "./model.ts";
import { mutedBy, mutingOf, readMuting, signatureOf, topicMuted } from "./muting.ts";
import { addUnread, directPlace, editUnread, isUnread, removeUnread, unreadIds, type UnreadMsgs, type UnreadPlace } from "./unread-msgs.ts";

/**
 * Messages in the register state: `max_message_id`, `unread_msgs` (streams, pms, huddles, mentions),
 * `starred_messages`, `recent_private_conversations`, `scheduled_messages`. Messages themselves are not part of
 * the register, so reactions, submessages and typing change nothing here.
 */

const MENTION_FLAGS = ["mentioned", "wildcard_mentioned", "stream_wildcard_mentioned", "topic_wildcard_mentioned"];

/** recent_private_conversations: one entry per direct conversation (the other participants), its newest message id. */
function touchConversation(state: ClientState, others: number[], messageId: number): ClientState {
  return editList(state, "recent_private_conversations", (list) => {
    const key = [...others].sort((a, b) => a - b);
    const e = list.find((c) => JSON.stringify(c.user_ids) === JSON.stringify(key));
    if (e) e.max_message_id = Math.max(num(e.max_message_id) ?? -1, messageId);
    else list.push({ user_ids: key, max_message_id: messageId });
    return list.sort((a, b) => (num(b.max_message_id) ?? 0) - (num(a.max_message_id) ?? 0));
  });
}

/**
 * A key of the model's own, never in a register (so never compared): the unread messages the client knows to
 * mention it by a wildcard only, whose place in unread_msgs.mentions depends on muting at every moment.
 */
export const WILDCARDS = "__wildcard_mentions";

/**
 * Keys of the model's own, never in a register: the channel of each message the client received by an event (null:
 * a direct message), and whether it has left a channel since its register. Real servers tell a channel message's
 * deletion to the channel's subscribers alone, so a message of a channel the client left may go with no event to
 * it: max_message_id may fall and a starred id leave starred_messages (compare.ts's relations for both).
 */
export const CHANNEL_OF = "__channel_of";
export const LEFT_A_CHANNEL = "__left_a_channel";

/**
 * Whether message `id` is (or, for one no event told the channel of, may be) in a channel the client has left.
 * The client left none since its register: no.
 */
export function possiblyInLeftChannel(state: ClientState, id: number): boolean {
  const channels = state[CHANNEL_OF] as Map<number, number | null> | undefined;
  const channel = channels?.get(id);
  if (channel === undefined) return state[LEFT_A_CHANNEL] === true;
  if (channel === null || !Array.isArray(state.subscriptions)) return false;
  return !arr<Obj>(state.subscriptions).some((c) => c.stream_id === channel);
}

/** The client has left channels (see CHANNEL_OF). */
export const leftAChannel = (state: ClientState): ClientState => (state[LEFT_A_CHANNEL] === true ? state : { ...state, [LEFT_A_CHANNEL]: true });

/**
 * unread_msgs.count counts the unread messages that are not muted for the client: every direct message, and the
 * channel messages of topics topicMuted does not mute. It is derived after every event, since muting a topic or a
 * channel changes it as much as a new message does.
 */
export function recount(state: ClientState, fl: number, before?: ClientState): ClientState {
  const u = state.unread_msgs as UnreadMsgs | undefined;
  if (!u || typeof u !== "object" || !Array.isArray(u.streams)) return state;
  // Nothing the count and the wildcard mentions derive from changed: they are as the previous event left them.
  if (
    before &&
    before.unread_msgs === u &&
    before.subscriptions === state.subscriptions &&
    before.user_topics === state.user_topics &&
    before[WILDCARDS] === state[WILDCARDS]
  )
    return state;
  const muted = mutingOf(state, fl);
  const wild = arr<number>(state[WILDCARDS]);
  // Only the wildcard-mentioned ids are looked for among the unread ones: a set of every unread id per event would
  // cost an account with a history its ten thousand unread ids at every event.
  const wildSet = wild.length && Array.isArray(u.mentions) ? new Set(wild) : null;
  let count = 0;
  /** Of the wildcard-mentioned ids: those filed in an unmuted topic, and those filed anywhere. */
  const unmuted = new Set<number>();
  const filed = new Set<number>();
  for (const e of u.streams) {
    const isMuted = muted(e.stream_id, e.topic);
    if (!isMuted) count += e.unread_message_ids.length;
    if (wildSet)
      for (const id of e.unread_message_ids)
        if (wildSet.has(id)) {
          filed.add(id);
          if (!isMuted) unmuted.add(id);
        }
  }
  for (const e of [...u.pms, ...u.huddles]) {
    count += e.unread_message_ids.length;
    if (wildSet) for (const id of e.unread_message_ids) if (wildSet.has(id)) filed.add(id);
  }
  let next = count === u.count ? state : { ...state, unread_msgs: { ...u, count } };
  if (wildSet) {
    const keep = wild.filter((id) => filed.has(id));
    const mentions = new Set(u.mentions);
    for (const id of keep) unmuted.has(id) ? mentions.add(id) : mentions.delete(id);
    next = { ...next, [WILDCARDS]: keep, unread_msgs: { ...(next.unread_msgs as UnreadMsgs), mentions: [...mentions] } };
  }
  return next;
}

/**
 * Whether muting, changed between `before` and `after`, may have moved an unread message into or out of
 * unread_msgs.mentions in a way the client cannot follow: a channel message it knows from its register alone (no
 * message event gave its flags) may mention it by a wildcard, which counts only while its topic is not muted. One
 * the register listed as unread, unmuted and not among mentions mentions it by no means, and stays out.
 * (Messages the client got by an event are followed through WILDCARDS.)
 */
export function mutingHidesMentions(before: ClientState, after: ClientState, fl: number): boolean {
  if (before.subscriptions === after.subscriptions && before.user_topics === after.user_topics) return false;
  const u = after.unread_msgs as UnreadMsgs | undefined;
  if (!u || typeof u !== "object" || !Array.isArray(u.streams)) return false;
  const known = before[CHANNEL_OF] as Map<number, number | null> | undefined;
  const mutingBefore = readMuting(before);
  const mutingAfter = readMuting(after);
  // The same policies and mutes mute the same topics: no message moved in or out of muting.
  if (signatureOf(mutingBefore) === signatureOf(mutingAfter)) return false;
  const mentioned = new Set(arr<number>((before.unread_msgs as UnreadMsgs | undefined)?.mentions));
  const mutedBefore = mutedBy(mutingBefore, fl);
  const mutedAfter = mutedBy(mutingAfter, fl);
  for (const e of u.streams) {
    const was = mutedBefore(e.stream_id, e.topic);
    if (was === mutedAfter(e.stream_id, e.topic)) continue;
    for (const id of e.unread_message_ids) if (!known?.has(id) && (was || mentioned.has(id))) return true;
  }
  return false;
}

/** Drops the unreads of channels the client no longer holds (unsubscribed or deleted): a register lists only those of its subscriptions. */
export function dropChannelUnreads(state: ClientState, channels: ReadonlySet<number>): ClientState {
  const u = state.unread_msgs as UnreadMsgs | undefined;
  if (!u || !Array.isArray(u.streams)) return state;
  const ids = new Set(u.streams.filter((e) => channels.has(e.stream_id)).flatMap((e) => e.unread_message_ids));
  return ids.size ? editUnread(state, (x) => void removeUnread(x, ids)) : state;
}

/** `message`: raises max_message_id; files an unread message; a direct message updates its conversation; a first message sets first_message_id. */
const message: ReducerEntry = {
  sections: ["message", "update_message_flags", "recent_private_conversations", "starred_messages"],
  does: "max_message_id, unread_msgs (with mentions), recent_private_conversations, starred_messages",
  reduce(state, ev, ctx) {
    const m = obj(ev.message);
    const id = num(m.id)!;
    const flags = arr<string>(ev.flags);
    let next: ClientState = { ...state };
    const direct = m.type === "private";
    if (typeof state.max_message_id === "number") next.max_message_id = Math.max(state.max_message_id, id);
    // Shared by the states that follow rather than copied for every message (that would cost a run's length); a
    // move to another channel updates it (update_message).
    const channels = (state[CHANNEL_OF] as Map<number, number | null> | undefined) ?? new Map<number, number | null>();
    next[CHANNEL_OF] = channels.set(id, direct ? null : (num(m.stream_id) ?? null));
    const participants = arr<Obj>(m.display_recipient).map((r) => num(r.id)!);
    if (direct)
      next = touchConversation(
        next,
        participants.filter((u) => u !== ctx.userId),
        id,
      );
    if (flags.includes("starred") && Array.isArray(next.starred_messages)) next.starred_messages = [...(next.starred_messages as number[]), id];
    if (flags.includes("read")) return next;
    const place: UnreadPlace = direct ? directPlace(participants, ctx.userId) : { kind: "stream", streamId: num(m.stream_id)!, topic: String(m.subject) };
    // A personal mention always counts among mentions; a wildcard one only where the topic is not muted for
    // the client (a muted topic, or a muted channel whose topic is not unmuted or followed).
    const wildcard = flags.some((f) => f !== "mentioned" && MENTION_FLAGS.includes(f));
    const mentioned = flags.includes("mentioned") || (wildcard && !(place.kind === "stream" && topicMuted(next, place.streamId, place.topic, ctx.fl)));
    // Whether a wildcard mention counts changes with muting later: derive() keeps it in step (see WILDCARDS).
    if (wildcard && !flags.includes("mentioned")) next = { ...next, [WILDCARDS]: [...arr<number>(next[WILDCARDS]), id] };
    return editUnread(next, (u) => addUnread(u, id, place, mentioned));
  },
};

/**
 * `update_message`: a move (new_stream_id, or a new `subject` with propagation) refiles the unread ones of
 * message_ids under the new channel and topic; a content edit that changes the mention flags moves a message in
 * or out of mentions. rendering_only events change nothing.
 */
const updateMessage: ReducerEntry = {
  sections: ["message", "update_message_flags"],
  does: "unread_msgs: moved messages refiled, mentions after an edit",
  reduce(state, ev) {
    if (ev.rendering_only === true) return state;
    const ids = arr<number>(ev.message_ids).length ? arr<number>(ev.message_ids) : [num(ev.message_id)!];
    const flags = arr<string>(ev.flags);
    const moved = ev.new_stream_id !== undefined || (ev.subject !== undefined && ev.orig_subject !== undefined && ev.subject !== ev.orig_subject);
    const channels = state[CHANNEL_OF] as Map<number, number | null> | undefined;
    if (typeof ev.new_stream_id === "number") for (const id of ids) channels?.set(id, ev.new_stream_id);
    return editUnread(state, (u) => {
      if (moved) {
        // A move keeps a message's mention flags: what was in mentions stays there.
        const mentioned = new Set(Array.isArray(u.mentions) ? u.mentions : []);
        const was = removeUnread(u, new Set(ids));
        for (const [id, place] of was) {
          if (place.kind !== "stream") continue;
          addUnread(
            u,
            id,
            { kind: "stream", streamId: num(ev.new_stream_id) ?? place.streamId, topic: typeof ev.subject === "string" ? ev.subject : place.topic },
            mentioned.has(id),
          );
        }
      }
      // Content edits: the event's flags are the editor's view after the edit. For the client's own unread
      // message the mentioned flags say whether it belongs in mentions.
      if (Object.hasOwn(ev, "content") && Array.isArray(u.mentions) && ev.message_id !== undefined) {
        const id = num(ev.message_id)!;
        const unread = isUnread(u, id);
        const mentioned = flags.some((f) => MENTION_FLAGS.includes(f));
        u.mentions = u.mentions.filter((m) => m !== id);
        if (unread && mentioned && !flags.includes("read")) u.mentions.push(id);
      }
    });
  },
};

/**
 * `delete_message`: the ids (message_ids, or message_id for clients without bulk_message_deletion) leave
 * unread_msgs and starred_messages. max_message_id and a direct conversation's newest id may fall back to an older
 * message, which only the server's database knows: those are unknowable after a deletion of the newest one.
 */
const deleteMessage: ReducerEntry = {
  sections: ["message", "update_message_flags", "starred_messages", "recent_private_conversations"],
  does: "unread_msgs and starred_messages lose the ids; max_message_id / recent_private_conversations unknowable when the newest goes",
  reduce(state, ev, ctx) {
    const ids = new Set(arr<number>(ev.message_ids).length ? arr<number>(ev.message_ids) : [num(ev.message_id)!]);
    let next = editUnread(state, (u) => void removeUnread(u, ids));
    if (Array.isArray(next.starred_messages)) next = { ...next, starred_messages: (next.starred_messages as number[]).filter((id) => !ids.has(id)) };
    if (typeof next.max_message_id === "number" && ids.has(next.max_message_id))
      ctx.unknowable("max_message_id", "the newest message was deleted; the next newest is only in the server's database");
    if (ev.message_type === "private" && arr<Obj>(next.recent_private_conversations).some((c) => ids.has(num(c.max_message_id)!))) {
      ctx.unknowable("recent_private_conversations", "a conversation's newest message was deleted; its previous one is only in the server's database");
    }
    return next;
  },
};

/**
 * `update_message_flags` add/remove (op; `operation` is its deprecated twin, read when op is absent): `read`
 * files or unfiles unreads (message_details says where a message goes back), `starred` edits starred_messages,
 * `all` (mark everything read) empties unread_msgs.
 */
const updateMessageFlags: ReducerEntry = {
  sections: ["message", "update_message_flags", "starred_messages"],
  does: "read: unread_msgs (message_details to refile); starred: starred_messages; all: every unread",
  reduce(state, ev, ctx) {
    const op = (ev.op ?? ev.operation) as string;
    const ids = arr<number>(ev.messages);
    if (ev.flag === "starred" && Array.isArray(state.starred_messages)) {
      const cur = new Set(state.starred_messages as number[]);
      for (const id of ids) op === "add" ? cur.add(id) : cur.delete(id);
      return { ...state, starred_messages: [...cur] };
    }
    if (ev.flag !== "read") return state;
    if (op === "add") {
      return editUnread(state, (u) => {
        if (ev.all === true) removeUnread(u, unreadIds(u));
        else removeUnread(u, new Set(ids));
      });
    }
    const details = obj(ev.message_details);
    // A register lists only the unreads of the client's subscriptions: a message of a channel it left (marked
    // unread before FL355, which ignores such requests) is unread on the server but in no list of the client's.
    const subscribed = Array.isArray(state.subscriptions) ? new Set(arr<Obj>(state.subscriptions).map((c) => num(c.stream_id))) : null;
    return editUnread(state, (u) => {
      for (const id of ids) {
        const d = obj(details[String(id)]);
        if (!d.type) continue;
        if (d.type === "stream" && subscribed && !subscribed.has(num(d.stream_id))) continue;
        const place: UnreadPlace =
          d.type === "stream" ? { kind: "stream", streamId: num(d.stream_id)!, topic: String(d.topic) } : directPlace(arr<number>(d.user_ids), ctx.userId);
        addUnread(u, id, place, d.mentioned === true);
      }
    });
  },
};

interface ScheduledEntry {
  scheduled_message_id: number;
  scheduled_delivery_timestamp: number;
}

/** `scheduled_messages` add (a list), update (one, changed fields), remove (an id). */
const scheduled = (op: "add" | "update" | "remove"): ReducerEntry => ({
  sections: ["scheduled_messages"],
  does: { add: "scheduled_messages gains the listed ones", update: "one scheduled message's fields replaced", remove: "scheduled_messages loses the id" }[op],
  reduce: (state, ev) =>
    editList(state, "scheduled_messages", (list) => {
      if (op === "add")
        return [
          ...list.filter((s) => !arr<ScheduledEntry>(ev.scheduled_messages).some((n) => n.scheduled_message_id === s.scheduled_message_id)),
          ...clone(arr<Obj>(ev.scheduled_messages)),
        ];
      if (op === "remove") return list.filter((s) => s.scheduled_message_id !== ev.scheduled_message_id);
      const changed = obj(ev.scheduled_message);
      return list.map((s) => (s.scheduled_message_id === changed.scheduled_message_id ? { ...s, ...clone(changed) } : s));
    }),
});

const none = (does: string): ReducerEntry => ({ sections: [], does, reduce: noState });

export const MESSAGE_REDUCERS: Record<string, ReducerEntry> = {
  message,
  update_message: updateMessage,
  delete_message: deleteMessage,
  "update_message_flags/add": updateMessageFlags,
  "update_message_flags/remove": updateMessageFlags,
  "reaction/add": none("no register state (reactions live on messages)"),
  "reaction/remove": none("no register state (reactions live on messages)"),
  submessage: none("no register state (submessages live on messages)"),
  "typing/start": none("no register state (typing is transient)"),
  "typing/stop": none("no register state (typing is transient)"),
  "typing_edit_message/start": none("no register state (typing is transient)"),
  "typing_edit_message/stop": none("no register state (typing is transient)"),
  "scheduled_messages/add": scheduled("add"),
  "scheduled_messages/update": scheduled("update"),
  "scheduled_messages/remove": scheduled("remove"),
};

export type { ReduceContext };
