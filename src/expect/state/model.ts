import type { AnyEvent } from "../../schemas/events/envelope.ts";

/** A client's register state: the sections POST /register returned, as a plain JSON object. */
export type ClientState = Record<string, unknown>;

/** What a reducer knows besides the state and the event: who the client is, and the level it talks to. */
export interface ReduceContext {
  /** The user the queue belongs to (`user_id` of the register). */
  userId: number;
  /** The target's feature level: formats that changed at a level are read both ways. */
  fl: number;
  /** The target's product: where a `zulip` server does otherwise than the spec (wire §17.2), the model follows it. */
  product: "chat" | "zulip";
  /** The client capabilities the register declared (a reducer may depend on what the server was told). */
  capabilities: Readonly<Record<string, boolean>>;
  /**
   * Says that `path` (a top-level key, or a key path such as `recent_private_conversations`) can no longer be known
   * by a client from the events alone (the real product recomputes it from its database), so the comparison skips
   * it for this action. Each call names why; see UNKNOWABLE in exclusions.ts for the cases.
   */
  unknowable(path: string, why: string): void;
}

/** How a client applies one event (one type, one op) to its state. Returns the new state; never mutates its input. */
export type Reducer = (state: ClientState, event: AnyEvent, ctx: ReduceContext) => ClientState;

/** One entry of the model: the reducer of a type (and op), and the register sections (fetch_event_types) it reads and writes. */
export interface ReducerEntry {
  reduce: Reducer;
  /**
   * The fetch_event_types names of the register sections this event can change: the invariant refetches these to
   * compare. Empty for events that change nothing a register returns (typing, reactions: messages are not part of the
   * register state).
   */
  sections: readonly string[];
  /** One line: what the reducer does (listed by `chat-conformance list --events`). */
  does: string;
}

/** Type-safe field access on loosely typed wire objects. */
export type Obj = Record<string, unknown>;
export const obj = (v: unknown): Obj => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
export const arr = <T = Obj>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
export const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

/**
 * A deep copy of the part of the state a reducer changes (reducers never share objects with their input). The state
 * is plain JSON, which a walk copies several times faster than structuredClone (that handles every kind of value);
 * every event copies the lists it edits, and an organization's lists grow long over a run.
 */
export function clone<T>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    const out: unknown[] = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = clone(v[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = clone((v as Record<string, unknown>)[k]);
  return out as T;
}

/** The state with `key` replaced, or unchanged when the register did not return `key` (its section was not fetched). */
export function setKey(state: ClientState, key: string, value: unknown): ClientState {
  if (!Object.hasOwn(state, key)) return state;
  return { ...state, [key]: value };
}

/** Applies `fn` to a copy of the list at `key` (when the state has it). */
export function editList(state: ClientState, key: string, fn: (list: Obj[]) => Obj[]): ClientState {
  if (!Array.isArray(state[key])) return state;
  return { ...state, [key]: fn(clone(state[key] as Obj[])) };
}

/** Applies `fn` to a copy of the object at `key` (when the state has it). */
export function editObj(state: ClientState, key: string, fn: (o: Obj) => Obj | void): ClientState {
  const v = state[key];
  if (v === null || typeof v !== "object" || Array.isArray(v)) return state;
  const copy = clone(v as Obj);
  return { ...state, [key]: fn(copy) ?? copy };
}

/** A reducer for events that change no register state (typing, reactions, submessages, heartbeats…). */
export const noState: Reducer = (state) => state;

/** Replaces one register key by one event field: the "whole list in every event" events (alert_words, muted_users…). */
export const replaceWith =
  (key: string, field: string): Reducer =>
  (state, ev) =>
    Object.hasOwn(ev, field) ? setKey(state, key, clone(ev[field])) : state;
