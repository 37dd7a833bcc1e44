import { eventOf, type EventCheck } from "../../src/client/events.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { MessagesPage } from "../../src/schemas/message.ts";
import type { PersonaRole } from "../../src/target/personas.ts";

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

/** The persona's full name (for mentions), from GET /users/me. */
export async function fullNameOf(t: TestContext, role: PersonaRole): Promise<string> {
  const body = await t.must(`read ${role}'s full name with GET /users/me`, t.api(role).get("/users/me"));
  return String(body.full_name);
}
