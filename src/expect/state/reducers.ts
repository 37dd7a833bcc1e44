import type { AnyEvent } from "../../schemas/events/envelope.ts";
import { CHANNEL_REDUCERS } from "./channels.ts";
import { GROUP_REDUCERS } from "./groups.ts";
import { MESSAGE_REDUCERS, mutingHidesMentions, recount } from "./messages.ts";
import { MISC_REDUCERS } from "./misc.ts";
import type { ClientState, ReduceContext, ReducerEntry } from "./model.ts";
import { REALM_REDUCERS } from "./realm.ts";
import { SETTINGS_REDUCERS } from "./settings.ts";
import { USER_REDUCERS } from "./users.ts";

export type { ClientState, ReduceContext, Reducer, ReducerEntry } from "./model.ts";

/**
 * The client-side state model: one reducer per event type, or per type and op (`type/op`) where the type has ops.
 * Written from the spec (the changelog's events table and wire facts §8.3, §10), not from any server's code: it is
 * how a client keeps its register state current. The areas live in their own files.
 */
export const REDUCERS: Readonly<Record<string, ReducerEntry>> = {
  ...MESSAGE_REDUCERS,
  ...CHANNEL_REDUCERS,
  ...USER_REDUCERS,
  ...GROUP_REDUCERS,
  ...REALM_REDUCERS,
  ...SETTINGS_REDUCERS,
  ...MISC_REDUCERS,
};

/** The model's key of an event: `type/op` when the model has an entry for it, else `type`. */
export function eventKey(ev: { type: string; op?: unknown }): string {
  const withOp = typeof ev.op === "string" ? `${ev.type}/${ev.op}` : undefined;
  if (withOp && REDUCERS[withOp]) return withOp;
  // update_message_flags names its op `operation` as well; a server that sends only that is read the same way.
  if (!withOp && typeof (ev as Record<string, unknown>).operation === "string" && REDUCERS[`${ev.type}/${String((ev as Record<string, unknown>).operation)}`]) {
    return `${ev.type}/${String((ev as Record<string, unknown>).operation)}`;
  }
  return withOp && !REDUCERS[ev.type] ? withOp : ev.type;
}

/** The model's entry of an event, or undefined when the model does not reduce it. */
export function reducerOf(ev: AnyEvent): ReducerEntry | undefined {
  return REDUCERS[eventKey(ev)];
}

/** Whether the model reduces a catalog event name (`type` or `type/op`): a bare type counts when any of its ops has a reducer. */
export function modelReduces(name: string): boolean {
  if (REDUCERS[name]) return true;
  return !name.includes("/") && Object.keys(REDUCERS).some((k) => k.startsWith(`${name}/`));
}

/** The register sections (fetch_event_types names) that events of these keys can change. */
export function sectionsOf(keys: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const k of keys) for (const s of REDUCERS[k]?.sections ?? []) out.add(s);
  // unread_msgs (update_message_flags) is only returned along with message (wire §8.3).
  if (out.has("update_message_flags")) out.add("message");
  return [...out].sort();
}

/** Applies events in order; returns the state and the keys reduced (the model's names of the events). */
export function reduceAll(state: ClientState, events: readonly AnyEvent[], ctx: ReduceContext): { state: ClientState; reduced: string[]; unknown: string[] } {
  const reduced: string[] = [];
  const unknown: string[] = [];
  let s = state;
  for (const ev of events) {
    const entry = reducerOf(ev);
    const key = eventKey(ev);
    if (!entry) {
      unknown.push(key);
      continue;
    }
    const next = recount(entry.reduce(s, ev, ctx), ctx.fl, s);
    if (mutingHidesMentions(s, next, ctx.fl))
      ctx.unknowable(
        "unread_msgs",
        "muting changed for an unread channel message the client knows from its register alone: whether it mentions the client by a wildcard, and so whether it is among mentions now, only the server knows",
      );
    s = next;
    reduced.push(key);
  }
  return { state: s, reduced, unknown };
}
