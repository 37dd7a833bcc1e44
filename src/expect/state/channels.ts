import { dropChannelUnreads, leftAChannel } from "./messages.ts";
import { arr, clone, editList, num, obj, replaceWith, type ClientState, type Obj, type ReducerEntry } from "./model.ts";

/**
 * Channels in the register state: `streams` (every channel the client may see), the client's own `subscriptions`,
 * `unsubscribed` and `never_subscribed`, `realm_default_streams` and `realm_default_stream_groups`, and the
 * per-topic `user_topics` (with the legacy `muted_topics`).
 */

const CHANNEL_LISTS = ["streams", "subscriptions", "unsubscribed", "never_subscribed"] as const;

/** Applies `fn` to every copy of channel `id` in the four channel lists. */
function editChannel(state: ClientState, id: number, fn: (c: Obj) => void): ClientState {
  let next = state;
  for (const key of CHANNEL_LISTS) {
    next = editList(next, key, (list) => {
      for (const c of list) if (c.stream_id === id) fn(c);
      return list;
    });
  }
  return next;
}

/**
 * Sets a channel property. The event names the property; a register of some levels holds it under another name
 * as well: `can_remove_subscribers_group` was `can_remove_subscribers_group_id` before its rename, and
 * `stream_post_policy` has the deprecated `is_announcement_only` (policy 2, administrators only) beside it.
 */
function setChannelProperty(c: Obj, property: string, value: unknown): void {
  c[property] = clone(value);
  if (Object.hasOwn(c, `${property}_id`)) c[`${property}_id`] = clone(value);
  if (property.endsWith("_id") && Object.hasOwn(c, property.slice(0, -3))) c[property.slice(0, -3)] = clone(value);
  if (property === "stream_post_policy" && Object.hasOwn(c, "is_announcement_only")) c.is_announcement_only = value === 2;
  if (property === "is_announcement_only" && Object.hasOwn(c, "stream_post_policy")) c.stream_post_policy = value === true ? 2 : 1;
  if (property === "in_home_view" && Object.hasOwn(c, "is_muted")) c.is_muted = value !== true;
  if (property === "is_muted" && Object.hasOwn(c, "in_home_view")) c.in_home_view = value !== true;
}

/**
 * The register's channel objects carry `subscribers` only when the client asked for them (include_subscribers);
 * events carry them regardless. A client that did not ask keeps its objects without.
 */
function asHeld(state: ClientState, channels: Obj[]): Obj[] {
  const withSubscribers = CHANNEL_LISTS.some((k) => arr<Obj>(state[k]).some((c) => Object.hasOwn(c, "subscribers")));
  return clone(channels).map((c) => {
    if (!withSubscribers) delete c.subscribers;
    return c;
  });
}

/** `stream` create: new channels join `streams`, and `never_subscribed` unless the client already holds a subscription to them. */
const streamCreate: ReducerEntry = {
  sections: ["stream", "subscription"],
  does: "streams gains the channels; never_subscribed too unless subscribed",
  reduce(state, ev) {
    const created = arr<Obj>(ev.streams);
    const ids = new Set(created.map((c) => num(c.stream_id)));
    const held = new Set([...arr<Obj>(state.subscriptions), ...arr<Obj>(state.unsubscribed)].map((c) => num(c.stream_id)));
    let next = editList(state, "streams", (list) => [
      ...list.filter((c) => !ids.has(num(c.stream_id))),
      ...asHeld(state, created).map((c) => (delete c.subscribers, c)),
    ]);
    next = editList(next, "never_subscribed", (list) => [
      ...list.filter((c) => !ids.has(num(c.stream_id))),
      ...asHeld(
        state,
        created.filter((c) => !held.has(num(c.stream_id))),
      ),
    ]);
    return next;
  },
};

/** `stream` delete: stream_ids (FL343), or the deprecated `streams` objects; the channels leave every list and the defaults. */
const streamDelete: ReducerEntry = {
  sections: ["stream", "subscription", "default_streams"],
  does: "the channels (stream_ids, or deprecated streams) leave every channel list and realm_default_streams",
  reduce(state, ev) {
    const ids = new Set(arr<number>(ev.stream_ids).length ? arr<number>(ev.stream_ids) : arr<Obj>(ev.streams).map((s) => num(s.stream_id)!));
    let next = state;
    for (const key of CHANNEL_LISTS) next = editList(next, key, (list) => list.filter((c) => !ids.has(num(c.stream_id)!)));
    // Its unread messages stay in unread_msgs: nothing in the spec removes them with the channel.
    if (Array.isArray(next.realm_default_streams)) {
      next = {
        ...next,
        realm_default_streams: (next.realm_default_streams as unknown[]).filter((d) => !ids.has(typeof d === "number" ? d : num(obj(d).stream_id)!)),
      };
    }
    return next;
  },
};

/** `stream` update: one property, plus the fields that change with it (rendered_description; invite_only's history and web-public flags). */
const streamUpdate: ReducerEntry = {
  sections: ["stream", "subscription"],
  does: "one property of a channel in every list (with rendered_description, history_public_to_subscribers, is_web_public)",
  reduce(state, ev) {
    const property = String(ev.property);
    return editChannel(state, num(ev.stream_id)!, (c) => {
      setChannelProperty(c, property, ev.value);
      for (const extra of ["rendered_description", "history_public_to_subscribers", "is_web_public"]) if (Object.hasOwn(ev, extra)) c[extra] = clone(ev[extra]);
    });
  },
};

/** `subscription` add: the client's new subscriptions, which leave unsubscribed and never_subscribed. */
const subscriptionAdd: ReducerEntry = {
  sections: ["subscription", "message", "update_message_flags"],
  does: "subscriptions gains them; unsubscribed / never_subscribed lose them; a rejoined channel's unreads unknowable",
  reduce(state, ev, ctx) {
    const subs = arr<Obj>(ev.subscriptions);
    const ids = new Set(subs.map((s) => num(s.stream_id)));
    // Rejoining a channel brings back its old unread messages, which no event lists.
    if (arr<Obj>(state.unsubscribed).some((c) => ids.has(num(c.stream_id))))
      ctx.unknowable("unread_msgs", "a rejoined channel's earlier unread messages come back without events");
    let next = editList(state, "subscriptions", (list) => [...list.filter((c) => !ids.has(num(c.stream_id))), ...asHeld(state, subs)]);
    for (const key of ["unsubscribed", "never_subscribed"]) next = editList(next, key, (list) => list.filter((c) => !ids.has(num(c.stream_id))));
    return next;
  },
};

/**
 * `subscription` remove: the subscriptions move to `unsubscribed`, keeping their fields, when the client can
 * still see the channel. A private channel the client can no longer see leaves every list, and a stream/delete
 * event tells it so.
 */
const subscriptionRemove: ReducerEntry = {
  sections: ["subscription", "message", "update_message_flags"],
  does: "subscriptions lose them; they join unsubscribed; their unreads leave unread_msgs",
  reduce(state, ev, ctx) {
    const ids = new Set(arr<Obj>(ev.subscriptions).map((s) => num(s.stream_id)));
    // Whether the client still sees a private channel it left depends on metadata access (its groups and the
    // channel's group settings, FL349), which the events do not settle: the lists are unknowable then. So for a
    // guest, who sees only the channels it is in (and web-public ones, depending on the level).
    if (state.is_guest === true || arr<Obj>(state.subscriptions).some((c) => ids.has(num(c.stream_id)) && c.invite_only === true)) {
      for (const k of ["streams", "unsubscribed", "never_subscribed"])
        ctx.unknowable(k, "left a private channel, or a guest left one: whether it stays visible depends on metadata access");
    }
    const removed = arr<Obj>(state.subscriptions).filter((c) => ids.has(num(c.stream_id)));
    let next = editList(state, "subscriptions", (list) => list.filter((c) => !ids.has(num(c.stream_id))));
    next = editList(next, "unsubscribed", (list) => [...list.filter((c) => !ids.has(num(c.stream_id))), ...clone(removed)]);
    return leftAChannel(dropChannelUnreads(next, new Set([...ids].filter((id): id is number => id !== undefined))));
  },
};

/** `subscription` update: one property of one of the client's subscriptions (in_home_view and is_muted mirror each other). */
const subscriptionUpdate: ReducerEntry = {
  // Muting a channel changes unread_msgs' count and mentions (recount in messages.ts).
  sections: ["subscription", "message", "update_message_flags"],
  does: "one property of a subscription (in_home_view mirrors is_muted); muting recounts unreads",
  reduce: (state, ev) =>
    editList(state, "subscriptions", (list) => {
      for (const c of list) if (c.stream_id === ev.stream_id) setChannelProperty(c, String(ev.property), ev.value);
      return list;
    }),
};

/** peer_add / peer_remove: other users' subscriptions; only the `subscribers` lists (present with include_subscribers) hold them. */
const peer = (add: boolean): ReducerEntry => ({
  sections: ["subscription"],
  does: "subscribers lists (when the register included them)",
  reduce(state, ev) {
    const channels = new Set(arr<number>(ev.stream_ids));
    const users = arr<number>(ev.user_ids);
    let next = state;
    for (const key of ["subscriptions", "unsubscribed", "never_subscribed"]) {
      next = editList(next, key, (list) => {
        for (const c of list) {
          if (!channels.has(num(c.stream_id)!) || !Array.isArray(c.subscribers)) continue;
          const s = new Set(c.subscribers as number[]);
          for (const u of users) add ? s.add(u) : s.delete(u);
          c.subscribers = [...s];
        }
        return list;
      });
    }
    return next;
  },
});

/** `default_streams`: the whole list; objects before FL330, where the register holds objects, and the register's ids from FL330. */
const defaultStreams: ReducerEntry = {
  sections: ["default_streams"],
  does: "realm_default_streams replaced (channel objects mapped to ids where the register holds ids)",
  reduce(state, ev) {
    if (!Array.isArray(state.realm_default_streams)) return state;
    const list = arr<unknown>(ev.default_streams);
    const current = state.realm_default_streams as unknown[];
    const holdsIds = current.length ? typeof current[0] === "number" : list.every((d) => typeof d === "number");
    return { ...state, realm_default_streams: holdsIds ? list.map((d) => (typeof d === "number" ? d : num(obj(d).stream_id))) : clone(list) };
  },
};

/** `user_topic`: the client's visibility policy of one topic; policy 0 (inherit) removes the entry. */
const userTopic: ReducerEntry = {
  sections: ["user_topic", "message", "update_message_flags"],
  does: "user_topics entry upserted, or removed for visibility_policy 0; muting recounts unreads",
  reduce: (state, ev) =>
    editList(state, "user_topics", (list) => {
      const rest = list.filter((t) => !(t.stream_id === ev.stream_id && t.topic_name === ev.topic_name));
      if (ev.visibility_policy === 0) return rest;
      return [...rest, { stream_id: ev.stream_id, topic_name: ev.topic_name, last_updated: ev.last_updated, visibility_policy: ev.visibility_policy }];
    }),
};

export const CHANNEL_REDUCERS: Record<string, ReducerEntry> = {
  "stream/create": streamCreate,
  "stream/delete": streamDelete,
  "stream/update": streamUpdate,
  "subscription/add": subscriptionAdd,
  "subscription/remove": subscriptionRemove,
  "subscription/update": subscriptionUpdate,
  "subscription/peer_add": peer(true),
  "subscription/peer_remove": peer(false),
  default_streams: defaultStreams,
  default_stream_groups: {
    sections: ["default_stream_groups"],
    does: "realm_default_stream_groups replaced",
    reduce: replaceWith("realm_default_stream_groups", "default_stream_groups"),
  },
  user_topic: userTopic,
  muted_topics: { sections: ["muted_topics"], does: "muted_topics replaced (legacy)", reduce: replaceWith("muted_topics", "muted_topics") },
};
