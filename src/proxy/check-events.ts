import type { z } from "zod";
import { DeleteMessageEvent } from "../schemas/events/delete-message.ts";
import { AnyEvent } from "../schemas/events/envelope.ts";
import { HeartbeatEvent } from "../schemas/events/heartbeat.ts";
import { MessageEvent } from "../schemas/events/message.ts";
import { reactionEventSchema } from "../schemas/events/reaction.ts";
import { SubmessageEvent } from "../schemas/events/submessage.ts";
import { UpdateMessageEvent } from "../schemas/events/update-message.ts";
import { UpdateMessageFlagsEvent } from "../schemas/events/update-message-flags.ts";
import { messageObjects } from "./check-response.ts";
import type { ClientQueue } from "./clients.ts";
import { isObject, schemaProblem, short, type CheckContext } from "./context.ts";

/**
 * Checks of the events a GET /events answer delivers, each against its schema and the level's rules, rendered for
 * the capabilities its queue's client declared at register (a queue registered before the proxy started has
 * none known, and the capability-dependent checks skip it).
 */

/** Event types whose whole payload has a schema, with the clause that requires that shape. */
const SHAPES: ReadonlyArray<{ type: string; schema: z.ZodType; clause: string }> = [
  { type: "heartbeat", schema: HeartbeatEvent, clause: "fl153.events.heartbeat" },
  { type: "message", schema: MessageEvent, clause: "fl153.events.message-event" },
  { type: "update_message", schema: UpdateMessageEvent, clause: "fl153.messages.edit-message" },
  { type: "update_message_flags", schema: UpdateMessageFlagsEvent, clause: "fl153.messages.flags-update-event" },
  { type: "submessage", schema: SubmessageEvent, clause: "fl153.messages.submessage" },
];

/**
 * Events a queue may get whatever its event_types: the heartbeat, and the server's own restart notices, which
 * real servers send to every queue so that clients reconnect.
 */
const UNFILTERED: ReadonlySet<string> = new Set(["heartbeat", "restart", "web_reload_client"]);

export function checkEvents(ctx: CheckContext, queue: ClientQueue | undefined): void {
  if (!isObject(ctx.json) || ctx.json.result !== "success" || !Array.isArray(ctx.json.events)) return;
  const events = ctx.json.events;
  // A blocking poll ends with events or, when there is nothing to deliver, with a heartbeat: never empty.
  if (events.length === 0 && ctx.params.values.get("dont_block") !== "true" && ctx.applies("fl153.events.heartbeat")) {
    ctx.report({
      clause: "fl153.events.heartbeat",
      want: "a long-poll with nothing to deliver to end with a heartbeat event",
      got: "an empty events list",
      at: "$.events",
    });
  }
  const lastRaw = ctx.params.values.get("last_event_id");
  let previous = lastRaw !== undefined && /^-?\d+$/.test(lastRaw) ? Number(lastRaw) : -1;
  events.forEach((e, i) => {
    const at = `$.events[${i}]`;
    if (ctx.applies("fl153.events.envelope")) {
      const p = schemaProblem(AnyEvent, e, at);
      if (p) {
        ctx.report({ clause: "fl153.events.envelope", want: "an event with an integer id and a type", got: p.got, at: p.at });
        return;
      }
    }
    if (!isObject(e)) return;
    const id = e.id as number;
    if (ctx.applies("fl153.events.envelope") && id <= previous) {
      ctx.report({
        clause: "fl153.events.envelope",
        want: `an event id above ${previous} (ids increase within a queue, and the client asked for events after last_event_id)`,
        got: String(id),
        at: `${at}.id`,
      });
    }
    previous = Math.max(previous, id);
    checkEvent(ctx, e, at, queue);
  });
  if (queue) queue.lastEventId = Math.max(queue.lastEventId, previous);
}

function checkEvent(ctx: CheckContext, e: Record<string, unknown>, at: string, queue: ClientQueue | undefined): void {
  const type = e.type as string;
  if (queue?.eventTypes !== undefined && !UNFILTERED.has(type) && !queue.eventTypes.includes(type) && ctx.applies("fl153.events.event-types-filter")) {
    ctx.report({
      clause: "fl153.events.event-types-filter",
      want: `only events of the types the client registered for (${queue.eventTypes.join(", ")})`,
      got: `a ${type} event`,
      at: `${at}.type`,
    });
  }
  for (const s of SHAPES) {
    if (s.type !== type || !ctx.applies(s.clause)) continue;
    const p = schemaProblem(s.schema, e, at);
    if (p) ctx.report({ clause: s.clause, want: `a ${type} event (wire §10)`, got: p.got, at: p.at });
  }
  const caps = queue?.capabilities;
  if (type === "message" && isObject(e.message)) {
    // Without a known register, the client's empty_topic_name is unknown: the topic is not judged.
    const allowEmpty = caps === undefined ? true : caps.empty_topic_name === true;
    messageObjects(ctx, [e.message], () => `${at}.message`, "fl334.messages.event-subject-substitution", allowEmpty, "fl153.events.message-event");
  }
  if (type === "reaction") reaction(ctx, e, at);
  if (type === "delete_message") deleteMessage(ctx, e, at, caps);
  if (caps !== undefined && caps.empty_topic_name !== true) emptyTopics(ctx, e, at);
}

/**
 * Where each event carries topic names, and the clause that has the server send the empty topic as
 * realm_empty_topic_display_name there to clients without empty_topic_name (FL334). Message events: messageObjects.
 */
const TOPIC_FIELDS: Readonly<Record<string, { clause: string; paths: (e: Record<string, unknown>) => Array<[path: string, value: unknown]> }>> = {
  update_message: {
    clause: "fl334.messages.update-event-topic-substitution",
    paths: (e) => [
      ["subject", e.subject],
      ["orig_subject", e.orig_subject],
    ],
  },
  delete_message: { clause: "fl334.messages.delete-event-topic-substitution", paths: (e) => [["topic", e.topic]] },
  typing: { clause: "fl334.messages.typing-event-topic-substitution", paths: (e) => [["topic", e.topic]] },
  user_topic: { clause: "fl334.messages.user-topic-event-substitution", paths: (e) => [["topic_name", e.topic_name]] },
  update_message_flags: {
    clause: "fl334.messages.flags-event-topic-substitution",
    paths: (e) =>
      isObject(e.message_details)
        ? Object.entries(e.message_details).map(([id, d]): [string, unknown] => [`message_details["${id}"].topic`, isObject(d) ? d.topic : undefined])
        : [],
  },
};

function emptyTopics(ctx: CheckContext, e: Record<string, unknown>, at: string): void {
  const rule = TOPIC_FIELDS[e.type as string];
  if (!rule || !ctx.applies(rule.clause)) return;
  for (const [path, value] of rule.paths(e)) {
    if (value === "")
      ctx.report({
        clause: rule.clause,
        want: "the empty topic as realm_empty_topic_display_name, as the client lacks empty_topic_name",
        got: '"" (string)',
        at: `${at}.${path}`,
      });
  }
}

/** Reaction events: the deprecated `user` before FL328, none from 328 to 338, and again from FL339. */
function reaction(ctx: CheckContext, e: Record<string, unknown>, at: string): void {
  const rules: Array<[clause: string, withUser: boolean]> = [
    ["fl153.messages.reaction-user-dict", true],
    ["fl328.messages.reaction-event-user-dropped", false],
    ["fl339.messages.reaction-event-user-restored", true],
  ];
  for (const [clause, withUser] of rules) {
    if (!ctx.applies(clause)) continue;
    const p = schemaProblem(reactionEventSchema(withUser), e, at);
    if (p) ctx.report({ clause, want: `a reaction event ${withUser ? "with" : "without"} the deprecated \`user\``, got: p.got, at: p.at });
  }
}

/** delete_message: message_ids to clients with bulk_message_deletion, message_id to the others. */
function deleteMessage(ctx: CheckContext, e: Record<string, unknown>, at: string, caps: Record<string, boolean> | undefined): void {
  const clause = "fl153.messages.delete-event-bulk-capability";
  if (!ctx.applies(clause)) return;
  const p = schemaProblem(DeleteMessageEvent, e, at);
  if (p) return ctx.report({ clause, want: "a delete_message event (wire §10)", got: p.got, at: p.at });
  if (caps === undefined) return;
  if (caps.bulk_message_deletion === true && !Array.isArray(e.message_ids))
    ctx.report({
      clause,
      want: "message_ids, as the client declared bulk_message_deletion",
      got: `message_id ${short(e.message_id)}`,
      at: `${at}.message_ids`,
    });
  if (caps.bulk_message_deletion !== true && e.message_id === undefined)
    ctx.report({
      clause,
      want: "message_id, as the client did not declare bulk_message_deletion",
      got: `message_ids ${short(e.message_ids)}`,
      at: `${at}.message_id`,
    });
}
