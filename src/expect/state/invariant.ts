import { isDeepStrictEqual } from "node:util";
import type { ParamMap } from "../../client/encode.ts";
import type { AnyEvent } from "../../schemas/events/envelope.ts";
import type { PersonaRole } from "../../target/personas.ts";
import type { TestContext } from "../context.ts";
import { REDUCERS, type ClientState } from "./reducers.ts";

/**
 * Orders that carry no meaning are made canonical before states are compared: servers may list unread_msgs
 * entries in any order (real servers sort by key, others by first unread id), and ids within an entry ascend.
 */
function normalize(state: ClientState): ClientState {
  const u = state.unread_msgs as Record<string, unknown> | undefined;
  if (!u) return state;
  const byKey = (key: (e: Record<string, unknown>) => string) => (list: unknown) =>
    (list as Array<Record<string, unknown>>)
      .map((e) => ({ ...e, unread_message_ids: [...(e.unread_message_ids as number[])].sort((a, b) => a - b) }))
      .sort((a, b) => key(a).localeCompare(key(b)));
  return {
    ...state,
    unread_msgs: {
      ...u,
      streams: byKey((e) => `${String(e.stream_id)}\0${String(e.topic)}`)(u.streams ?? []),
      pms: byKey((e) => String(e.other_user_id))(u.pms ?? []),
      huddles: byKey((e) => String(e.user_ids_string))(u.huddles ?? []),
    },
  };
}

export interface InvariantOptions {
  /** The state sections to compare (fetch_event_types) and the event types the queue takes. */
  sections: string[];
  eventTypes: string[];
  capabilities?: Record<string, boolean>;
  /** Events the action must produce before the state is re-fetched (at least one). */
  expectEvents: number;
}

/**
 * Zulip's verify_action, as a black-box check: register, act, read the events, apply them with the harness's
 * reducers, register again, and require the two states to be equal. A state that did not change at all fails:
 * a test that exercises nothing proves nothing.
 */
export async function verifyAction(t: TestContext, role: PersonaRole, o: InvariantOptions, action: () => Promise<void>): Promise<AnyEvent[]> {
  const params: ParamMap = { fetch_event_types: o.sections, event_types: o.eventTypes, apply_markdown: true };
  if (o.capabilities) params.client_capabilities = { notification_settings_null: true, ...o.capabilities };
  const strip = (body: Record<string, unknown>): ClientState => Object.fromEntries(Object.entries(body).filter(([k]) => !["result", "msg", "queue_id", "last_event_id", "ignored_parameters_unsupported"].includes(k) && !k.endsWith("_feature_level") && !k.endsWith("_version") && !k.endsWith("_merge_base")));
  const first = await t.register(role, params);
  const initial = strip(first.body);
  await action();
  const events: AnyEvent[] = [];
  const seen = await first.queue.until([{ name: `${o.expectEvents} event(s)`, test: (ev) => (ev.type === "heartbeat" ? "heartbeat" : (events.push(ev), events.length >= o.expectEvents ? null : `${events.length} so far`)) }]);
  void seen;
  events.push(...(await first.queue.pending()).filter((e) => e.type !== "heartbeat" && !events.includes(e)));
  let state = initial;
  const self = { userId: t.persona(role).userId };
  for (const ev of events) {
    const reducer = REDUCERS[ev.type];
    if (!reducer) t.expect.fail(`a reducer for every event the action produced`, `no reducer for event type ${ev.type} (the harness must learn it)`);
    state = reducer(state, ev, self);
  }
  const fresh = normalize(strip((await t.register(role, params)).body));
  state = normalize(state);
  if (isDeepStrictEqual(initial, fresh)) t.expect.fail("the action to change the state (a test that changes nothing proves nothing)", "identical states before and after");
  for (const key of new Set([...Object.keys(state), ...Object.keys(fresh)])) {
    if (!isDeepStrictEqual(state[key], fresh[key])) {
      t.expect.fail(`the register state with the ${events.length} event(s) applied to equal a fresh register, at ${key}`, `applied ${JSON.stringify(state[key])?.slice(0, 400)} vs fresh ${JSON.stringify(fresh[key])?.slice(0, 400)}`);
    }
  }
  return events;
}
