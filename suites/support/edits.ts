import type { ApiResponse } from "../../src/client/client.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import { eventOf, type EventCheck } from "../../src/client/events.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { MessagesPage, type Message } from "../../src/schemas/message.ts";
import type { PersonaRole } from "../../src/target/personas.ts";

/** Moves never ask for the automated "moved here" notices real servers can post, so topics hold only the test's messages. */
export const QUIET: ParamMap = { send_notification_to_old_thread: false, send_notification_to_new_thread: false };

/** PATCH /messages/{id} as the persona (moves quiet unless `params` says otherwise). */
export function edit(t: TestContext, role: PersonaRole, id: number, params: ParamMap): Promise<ApiResponse> {
  const move = params.topic !== undefined || params.stream_id !== undefined;
  return t.api(role).patch(`/messages/${id}`, move ? { ...QUIET, ...params } : params);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A request that should succeed, tried again (twice, 250 ms apart) when refused with 400: other tests on a shared
 * server briefly narrow organization settings (edit and move policies, limits) and put them back. A refusal that
 * lasts is still a refusal; a failed edit or deletion changes nothing, so trying again is safe.
 */
async function patiently(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  let res = await send();
  for (let i = 0; i < 2 && res.status === 400; i++) {
    await pause(250);
    res = await send();
  }
  return res;
}

/** An edit expected to succeed (see `patiently`). */
export function editOk(t: TestContext, role: PersonaRole, id: number, params: ParamMap): Promise<ApiResponse> {
  return patiently(() => edit(t, role, id, params));
}

/** DELETE /messages/{id} expected to succeed (see `patiently`). */
export function deleteOk(t: TestContext, role: PersonaRole, id: number): Promise<ApiResponse> {
  return patiently(() => t.api(role).delete(`/messages/${id}`));
}

/** An edit the test needs as a step (its own clause is tested elsewhere): a failure blocks the test. */
export async function mustEdit(t: TestContext, role: PersonaRole, id: number, params: ParamMap): Promise<Record<string, unknown>> {
  return t.must(`edit message ${id} with PATCH /messages/{message_id}`, editOk(t, role, id, params));
}

/** A deletion the test needs as a step: a failure blocks the test. */
export async function mustDelete(t: TestContext, role: PersonaRole, id: number): Promise<Record<string, unknown>> {
  return t.must(`delete message ${id} with DELETE /messages/{message_id}`, deleteOk(t, role, id));
}

/** The message with `id` as the persona sees it (GET /messages narrowed to the id), raw Markdown content unless asked. */
export async function readBack(t: TestContext, role: PersonaRole, id: number, extra: ParamMap = {}): Promise<{ message: Message; res: ApiResponse }> {
  const res = await t
    .api(role)
    .get("/messages", { anchor: id, num_before: 0, num_after: 0, narrow: [{ operator: "id", operand: id }], apply_markdown: false, ...extra });
  const page = t.expect.schema(MessagesPage, t.expect.success(res, "GET /messages for one id"), res.exchange);
  t.expect.equal(page.messages.length, 1, `messages fetched for id ${id}`, res.exchange);
  return { message: page.messages[0]!, res };
}

/** Whether the persona can still fetch the message (false once it is deleted). */
export async function stillThere(t: TestContext, role: PersonaRole, id: number): Promise<boolean> {
  const res = await t.api(role).get("/messages", { anchor: id, num_before: 0, num_after: 0, narrow: [{ operator: "id", operand: id }] });
  return t.expect.schema(MessagesPage, t.expect.success(res, "GET /messages for one id"), res.exchange).messages.length === 1;
}

/** An update_message event about message `id`. */
export const updateOf = (id: number): EventCheck => eventOf("update_message", (ev) => (ev.message_id === id ? null : `message_id ${String(ev.message_id)}`));

/** A delete_message event naming message `id` (bulk or not). */
export const deletionOf = (id: number): EventCheck =>
  eventOf("delete_message", (ev) => (ev.message_id === id || (Array.isArray(ev.message_ids) && ev.message_ids.includes(id)) ? null : "another message"));

/** A message event for message `id`: the marker that ends a look at what came before it. */
export const messageEventOf = (id: number): EventCheck => eventOf("message", (ev) => ((ev.message as { id?: number }).id === id ? null : "another message"));
