import { z } from "zod";
import { eventOf, type EventCheck } from "../../src/client/events.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { MessagesPage } from "../../src/schemas/message.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import { archiveChannelLater } from "./cleanup.ts";
import type { TestChannel } from "./messages.ts";

/** The persona's flags on one message, read back with GET /messages narrowed to its id (a prerequisite). */
export async function flagsOf(t: TestContext, role: PersonaRole, id: number): Promise<string[]> {
  return t.given(`read ${role}'s flags on message ${id} with GET /messages`, async () => {
    const res = await t.api(role).get("/messages", { anchor: id, num_before: 0, num_after: 0, narrow: [{ operator: "id", operand: id }] });
    const page = t.expect.schema(MessagesPage, t.expect.success(res), res.exchange);
    t.expect.equal(page.messages.length, 1, `messages fetched for id ${id}`, res.exchange);
    return page.messages[0]!.flags ?? [];
  });
}

/** POST /messages/flags as a prerequisite. */
export async function setFlag(t: TestContext, role: PersonaRole, ids: number[], op: "add" | "remove", flag: string): Promise<void> {
  await t.must(`${op} ${flag} on ${ids.join(", ")} with POST /messages/flags`, t.api(role).post("/messages/flags", { messages: ids, op, flag }));
}

/**
 * An update_message_flags event with this op and flag that lists any of `ids`: the event of the test's own request,
 * which it then checks, whatever other tests on a shared server do to the flags of their messages meanwhile.
 */
export function flagsEventAbout(op: "add" | "remove", flag: string, ids: readonly number[]): EventCheck {
  return eventOf(
    "update_message_flags",
    (ev) => {
      if (ev.flag !== flag) return `flag ${String(ev.flag)}`;
      return ((ev.messages as number[] | undefined) ?? []).some((m) => ids.includes(m)) ? null : `messages ${JSON.stringify(ev.messages)}`;
    },
    op,
  );
}

/** An update_message_flags event with this op and flag (and, if given, exactly these messages). */
export function flagsEvent(op: "add" | "remove", flag: string, messages?: number[]): EventCheck {
  return eventOf(
    "update_message_flags",
    (ev) => {
      if (ev.flag !== flag) return `flag ${String(ev.flag)}`;
      if (messages === undefined) return null;
      const got = [...((ev.messages as number[] | undefined) ?? [])].sort((a, b) => a - b);
      return JSON.stringify(got) === JSON.stringify([...messages].sort((a, b) => a - b)) ? null : `messages ${JSON.stringify(ev.messages)}`;
    },
    op,
  );
}

/** realm_empty_topic_display_name from POST /register (FL334), as a prerequisite. */
export async function emptyTopicDisplayName(t: TestContext, role: PersonaRole): Promise<string> {
  return t.given("read realm_empty_topic_display_name from POST /register", async () => {
    const { body } = await t.register(role, { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
    return t.expect.schema(z.string().min(1), body.realm_empty_topic_display_name, undefined, "realm_empty_topic_display_name");
  });
}

/** A fresh private channel (protected history) with only these personas subscribed, archived when the test ends. */
export async function freshPrivateChannel(t: TestContext, roles: PersonaRole[]): Promise<TestChannel> {
  const name = t.unique("private");
  const creator = t.api(roles[0]!);
  await t.must(
    "create a private channel with POST /users/me/subscriptions",
    creator.post("/users/me/subscriptions", {
      subscriptions: [{ name }],
      principals: roles.map((r) => t.persona(r).userId),
      invite_only: true,
      history_public_to_subscribers: false,
    }),
  );
  const body = await t.must("look up the channel id with GET /get_stream_id", creator.get("/get_stream_id", { stream: name }));
  const channel = { name, id: body.stream_id as number };
  archiveChannelLater(t, channel, roles[0]!);
  return channel;
}

/** The persona's full name (for mentions), from GET /users/me. */
export async function fullNameOf(t: TestContext, role: PersonaRole): Promise<string> {
  const body = await t.must(`read ${role}'s full name with GET /users/me`, t.api(role).get("/users/me"));
  return String(body.full_name);
}
