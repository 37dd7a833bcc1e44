import { jsonEqual } from "./json-equal.ts";
import { EXCLUDED, isEnvelopeKey } from "./exclusions.ts";
import { possiblyInLeftChannel } from "./messages.ts";
import type { ClientState } from "./model.ts";

/** The register body as state: without the envelope and the server's identity. */
export function toState(body: Record<string, unknown>): ClientState {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !isEnvelopeKey(k)));
}

/** Identity keys of list elements, in order of preference: lists are compared as sets ordered by them. */
const ID_KEYS = ["stream_id", "user_id", "id", "scheduled_message_id", "user_ids_string", "other_user_id", "domain", "name", "key"];

function sortKey(v: unknown): string {
  if (v !== null && typeof v === "object" && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    for (const k of ID_KEYS)
      if (o[k] !== undefined) return `${k}:${typeof o[k] === "number" ? String(o[k]).padStart(12, "0") : JSON.stringify(o[k])}\0${JSON.stringify(v)}`;
    if (o.stream_id !== undefined && o.topic_name !== undefined) return `${String(o.stream_id)}\0${String(o.topic_name)}`;
  }
  return typeof v === "number" ? String(v).padStart(12, "0") : JSON.stringify(v);
}

/**
 * Makes order meaningless: every list is sorted (by an identity key, else by value). Servers order lists as they
 * like (channels by name or id, unreads by key or by first id), and the reducers append; only content counts.
 */
export function canonical(v: unknown): unknown {
  // Lists of numbers (a long-lived account's thousands of unread ids) in numeric order, without a key each.
  if (Array.isArray(v) && v.every((x) => typeof x === "number")) return [...(v as number[])].sort((a, b) => a - b);
  if (Array.isArray(v)) {
    // Each element's key is computed once (keys stringify whole elements).
    const keyed = v.map((x) => {
      const c = canonical(x);
      return { c, k: sortKey(c) };
    });
    return keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0)).map((e) => e.c);
  }
  // Keys sorted too: a list element without an identity key is ordered by its JSON, which must not depend on
  // the order a server or a reducer wrote its fields in.
  if (v !== null && typeof v === "object")
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  return v;
}

/** Removes the excluded paths (EXCLUDED) and the per-action unknowable keys from a copy of a state. */
function prune(state: ClientState, unknowable: ReadonlySet<string>): ClientState {
  const out: ClientState = {};
  for (const [k, v] of Object.entries(state)) {
    if (unknowable.has(k) || EXCLUDED.some((e) => e.path === k)) continue;
    const fields = EXCLUDED.filter((e) => e.path.startsWith(`${k}[].`)).map((e) => e.path.slice(k.length + 3));
    out[k] =
      fields.length && Array.isArray(v)
        ? v.map((x) =>
            x !== null && typeof x === "object" ? Object.fromEntries(Object.entries(x as Record<string, unknown>).filter(([f]) => !fields.includes(f))) : x,
          )
        : v;
  }
  return out;
}

/**
 * Keys compared by a relation weaker than equality, each with its ruling. max_message_id: an event of a message
 * that a fresh register does not count is a failure (the client would be ahead of the server), but a fresh
 * register may count messages the client can read and never received (a message in a public channel it is not
 * subscribed to): servers differ in whether max_message_id covers those, and no event could tell the client. It may
 * be below the reduced one, and a starred id may be missing from a fresh starred_messages, only for a message of a
 * channel the client has left, whose deletion real servers tell the channel's subscribers alone (CHANNEL_OF in
 * messages.ts); a star no event announced is a failure.
 */
const RELAXED: Record<string, { holds: (reduced: unknown, fresh: unknown, state: ClientState) => boolean; why: string }> = {
  max_message_id: {
    holds: (r, f, state) => typeof r === "number" && typeof f === "number" && (r <= f || possiblyInLeftChannel(state, r)),
    why: "the reduced value must not exceed the fresh one (unless it is a message of a channel the client left)",
  },
  starred_messages: {
    holds: (r, f, state) => {
      if (!Array.isArray(r) || !Array.isArray(f)) return jsonEqual(r, f);
      const reduced = new Set(r as number[]);
      const fresh = new Set(f as number[]);
      return [...fresh].every((id) => reduced.has(id)) && [...reduced].every((id) => fresh.has(id) || possiblyInLeftChannel(state, id));
    },
    why: "the same ids (one may be missing from the fresh list only if it is a message of a channel the client left)",
  },
};

export interface Difference {
  /** Where the two differ: `realm_users[user_id=12].full_name`, `unread_msgs.count`. */
  path: string;
  reduced: unknown;
  fresh: unknown;
}

/** The first differences (at most `limit`) between the reduced state and a fresh register, over the keys the fresh one holds. */
export function differences(reduced: ClientState, fresh: ClientState, unknowable: ReadonlySet<string>, limit = 5): Difference[] {
  // Only the keys the refetch returned are compared: the rest of the reduced state is never canonicalised.
  const wanted = Object.fromEntries(Object.keys(fresh).map((k) => [k, reduced[k]]));
  const quick = prune(wanted, unknowable);
  const plain = prune(fresh, unknowable);
  // Most keys are equal as they come: a deep equality per key before canonical order saves sorting the others
  // (an account's whole unread list when one topic changed).
  const unequal = Object.keys(plain).filter((k) => !jsonEqual(quick[k], plain[k]));
  if (!unequal.length) return [];
  const a = canonical(Object.fromEntries(unequal.map((k) => [k, quick[k]]))) as ClientState;
  const b = canonical(Object.fromEntries(unequal.map((k) => [k, plain[k]]))) as ClientState;
  const out: Difference[] = [];
  const walk = (x: unknown, y: unknown, path: string): void => {
    if (out.length >= limit || jsonEqual(x, y)) return;
    if (Array.isArray(x) && Array.isArray(y)) {
      // Lists of identified objects are matched by identity, so that one missing element names itself.
      const idOf = (e: unknown) => {
        const o = e !== null && typeof e === "object" ? (e as Record<string, unknown>) : {};
        const k = ID_KEYS.find((key) => o[key] !== undefined);
        return k ? `${k}=${JSON.stringify(o[k])}` : undefined;
      };
      // Only where the identity is unique in each list: channel topics in unread_msgs.streams share their
      // stream_id, and matched by it they would hide every topic's difference but the last one's.
      const unique = (l: unknown[]) => new Set(l.map(idOf)).size === l.length;
      if ([...x, ...y].every((e) => idOf(e) !== undefined) && unique(x) && unique(y)) {
        const mx = new Map(x.map((e) => [idOf(e)!, e]));
        const my = new Map(y.map((e) => [idOf(e)!, e]));
        for (const id of new Set([...mx.keys(), ...my.keys()])) walk(mx.get(id), my.get(id), `${path}[${id}]`);
        return;
      }
    }
    if (x !== null && y !== null && typeof x === "object" && typeof y === "object" && !Array.isArray(x) && !Array.isArray(y)) {
      for (const k of new Set([...Object.keys(x), ...Object.keys(y)]))
        walk((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
      return;
    }
    out.push({ path, reduced: x, fresh: y });
  };
  for (const k of Object.keys(b)) {
    const relaxed = RELAXED[k];
    if (relaxed) {
      if (!relaxed.holds(a[k], b[k], reduced) && out.length < limit) out.push({ path: `${k} (${relaxed.why})`, reduced: a[k], fresh: b[k] });
      continue;
    }
    walk(a[k], b[k], k);
  }
  return out;
}
