import type { ParamMap } from "../../client/encode.ts";
import type { AnyEvent } from "../../schemas/events/envelope.ts";
import type { PersonaRole } from "../../target/personas.ts";
import type { TestContext } from "../context.ts";
import { show } from "../failure.ts";
import { differences, toState } from "./compare.ts";
import type { ReduceContext } from "./model.ts";
import { reduceAll } from "./reducers.ts";

export interface InvariantOptions {
  /** The state sections to compare (fetch_event_types) and the event types the queue takes. */
  sections: string[];
  eventTypes: string[];
  capabilities?: Record<string, boolean>;
  /** Events the action must produce before the state is re-fetched (at least one). */
  expectEvents: number;
}

/**
 * verify_action for one action, inside a test body: register, act, read the events, apply them with the model,
 * register again, and require the two states to be equal. A state that did not change at all fails: a test that
 * exercises nothing proves nothing.
 */
export async function verifyAction(t: TestContext, role: PersonaRole, o: InvariantOptions, action: () => Promise<void>): Promise<AnyEvent[]> {
  const capabilities = { notification_settings_null: true, ...o.capabilities };
  const params: ParamMap = { fetch_event_types: o.sections, event_types: o.eventTypes, apply_markdown: true };
  if (o.capabilities) params.client_capabilities = capabilities;
  const first = await t.register(role, params);
  const initial = toState(first.body);
  await action();
  const events: AnyEvent[] = [];
  await first.queue.until([
    {
      name: `${o.expectEvents} event(s)`,
      test: (ev) => (ev.type === "heartbeat" ? "heartbeat" : (events.push(ev), events.length >= o.expectEvents ? null : `${events.length} so far`)),
    },
  ]);
  events.push(...(await first.queue.pending()).filter((e) => e.type !== "heartbeat" && !events.includes(e)));
  const unknowable = new Set<string>();
  const ctx: ReduceContext = {
    userId: t.persona(role).userId,
    fl: t.target.featureLevel,
    product: t.target.product,
    capabilities,
    unknowable: (p) => void unknowable.add(p),
  };
  const r = reduceAll(initial, events, ctx);
  if (r.unknown.length) t.expect.fail("a reducer for every event the action produced", `no reducer for ${r.unknown.join(", ")} (the harness must learn it)`);
  const fresh = toState((await t.register(role, params)).body);
  if (!differences(initial, fresh, new Set()).length)
    t.expect.fail("the action to change the state (a test that changes nothing proves nothing)", "identical states before and after");
  const d = differences(r.state, fresh, unknowable)[0];
  if (d)
    t.expect.fail(
      `the register state with the ${events.length} event(s) applied to equal a fresh register, at ${d.path}`,
      `applied ${show(d.reduced)} vs fresh ${show(d.fresh)}`,
    );
  return events;
}
