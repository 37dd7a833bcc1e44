import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { snapshot, type QueuedEvent } from "../../reference-server/events/queue.ts";
import type { Capabilities } from "../../reference-server/wire/capabilities.ts";
import { EventQueues } from "../../reference-server/events/queues.ts";

/**
 * The event queues against the simplest model of them: each queue a list of the events published to its user (of
 * the types it takes, rendered for its options), its own heartbeats and echoes among them, ids rising by one, and
 * acknowledged events dropped. Queues of one user with the same options share one stored log with a cursor each
 * (reference-server/events/queue.ts), which must never show: every queue's events, and their JSON bytes as a poll
 * answers them, equal the model's after every step, and a deleted queue keeps what it held.
 */

const USERS = 3;
const caps = (emptyTopicName: boolean): Capabilities => ({
  notification_settings_null: false,
  bulk_message_deletion: false,
  user_avatar_url_field_optional: false,
  stream_typing_notifications: false,
  user_settings_object: false,
  linkifier_url_template: false,
  user_list_incomplete: false,
  include_deactivated_groups: false,
  archived_channels: false,
  empty_topic_name: emptyTopicName,
});

type Op =
  | { kind: "create"; user: number; types: "all" | "message" | "message+typing"; emptyTopicName: boolean; markdown: boolean }
  | { kind: "publish"; type: "message" | "typing"; users: number[]; echoTo: number | null }
  | { kind: "heartbeat"; queue: number }
  | { kind: "acknowledge"; queue: number; upTo: number }
  | { kind: "delete"; queue: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("create" as const),
    user: fc.nat(USERS - 1),
    types: fc.constantFrom("all" as const, "message" as const, "message+typing" as const),
    emptyTopicName: fc.boolean(),
    markdown: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("publish" as const),
    type: fc.constantFrom("message" as const, "typing" as const),
    users: fc.uniqueArray(fc.nat(USERS - 1), { minLength: 1, maxLength: USERS }),
    echoTo: fc.option(fc.nat(20)),
  }),
  fc.record({ kind: fc.constant("heartbeat" as const), queue: fc.nat(20) }),
  fc.record({ kind: fc.constant("acknowledge" as const), queue: fc.nat(20), upTo: fc.integer({ min: -1, max: 6 }) }),
  fc.record({ kind: fc.constant("delete" as const), queue: fc.nat(20) }),
);

interface Modelled {
  id: string;
  user: number;
  types: ReadonlySet<string> | null;
  emptyTopicName: boolean;
  events: Array<Record<string, unknown>>;
  firstId: number;
}

const withIds = (m: Modelled): QueuedEvent[] => m.events.map((e, k) => ({ ...e, id: m.firstId + k }) as QueuedEvent);

describe("event queues sharing one log per user and options", () => {
  it("show every queue exactly the events a queue of its own would hold", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 120 }), (ops) => {
        const queues = new EventQueues(() => 0, 600);
        const live: Modelled[] = [];
        try {
          for (const [step, o] of ops.entries()) {
            if (o.kind === "create" || live.length === 0) {
              const c = o.kind === "create" ? o : { user: 0, types: "all" as const, emptyTopicName: false, markdown: true };
              const types = c.types === "all" ? null : new Set(c.types.split("+"));
              const q = queues.create({
                userId: c.user,
                eventTypes: types,
                capabilities: caps(c.emptyTopicName),
                applyMarkdown: c.markdown,
                clientGravatar: true,
                lifespanSeconds: null,
              });
              live.push({ id: q.id, user: c.user, types, emptyTopicName: c.emptyTopicName, events: [], firstId: 0 });
              if (o.kind === "create") continue;
            }
            if (o.kind === "publish") {
              // Rendering depends on the options (a typing event is not for empty_topic_name clients here), as the
              // server's renderers do; the echo goes to one queue in place of the shared event.
              const render = (q: { options: { capabilities: Capabilities; userId: number } }) =>
                q.options.capabilities.empty_topic_name && o.type === "typing"
                  ? null
                  : snapshot({ type: o.type, step, emptyTopicName: q.options.capabilities.empty_topic_name, user: q.options.userId });
              const echo = o.echoTo === null ? undefined : live[o.echoTo % live.length]!;
              queues.publish(
                o.type,
                o.users,
                render,
                echo ? { queueId: echo.id, render: (q) => ({ type: o.type, step, echo: true, user: q.options.userId }) } : undefined,
              );
              for (const m of live) {
                if (!o.users.includes(m.user) || (m.types && !m.types.has(o.type))) continue;
                const ev =
                  m === echo
                    ? { type: o.type, step, echo: true, user: m.user }
                    : m.emptyTopicName && o.type === "typing"
                      ? null
                      : { type: o.type, step, emptyTopicName: m.emptyTopicName, user: m.user };
                if (ev) m.events.push(ev);
              }
            } else if (o.kind === "heartbeat") {
              const m = live[o.queue % live.length]!;
              queues.byId(m.id)!.push({ type: "heartbeat" });
              m.events.push({ type: "heartbeat" });
            } else if (o.kind === "acknowledge") {
              const m = live[o.queue % live.length]!;
              const last = m.firstId + o.upTo;
              queues.byId(m.id)!.acknowledge(last);
              const n = Math.min(m.events.length, last - m.firstId + 1);
              if (n > 0) {
                m.events.splice(0, n);
                m.firstId += n;
              }
            } else if (o.kind === "delete") {
              const i = o.queue % live.length;
              const m = live[i]!;
              const q = queues.byId(m.id)!;
              queues.delete(q);
              live.splice(i, 1);
              expect(q.events, `a deleted queue keeps what it held (step ${step})`).toEqual(withIds(m));
            }
            for (const m of live) {
              const q = queues.byId(m.id)!;
              const want = withIds(m);
              expect(q.events, `queue of user ${m.user} after step ${step}`).toEqual(want);
              expect(Buffer.concat(q.eventsJson()).toString(), `the poll answer's bytes after step ${step}`).toBe(JSON.stringify(want));
              expect(q.size).toBe(want.length);
            }
          }
        } finally {
          queues.close();
        }
      }),
      { numRuns: 200 },
    );
  });
});
