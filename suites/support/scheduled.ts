import type { ApiResponse } from "../../src/client/client.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import { isReferenceServer } from "../../src/target/target.ts";
import { createChannel } from "./channels.ts";
import { deleteScheduledLater } from "./cleanup.ts";

/** UNIX seconds `seconds` from now. */
export const secondsFromNow = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/** Far enough ahead that nothing is delivered during a test. */
export const LATER = 3600;

/**
 * How soon a test asks for delivery, and how long it waits for it: the reference server delivers within a second;
 * real servers run their deliverer about once a minute.
 */
export function deliveryTiming(t: TestContext): { lead: number; budgetMs: number } {
  return isReferenceServer(t.target) ? { lead: 2, budgetMs: 15_000 } : { lead: 10, budgetMs: 150_000 };
}

/**
 * POST /scheduled_messages as a prerequisite; returns the scheduled message's id. It is deleted when the test ends:
 * left behind, it would be delivered to the personas an hour later, in the middle of another run.
 */
export async function schedule(t: TestContext, role: PersonaRole, params: ParamMap): Promise<number> {
  const body = await t.must("create a scheduled message", t.api(role).post("/scheduled_messages", params));
  const id = body.scheduled_message_id as number;
  deleteScheduledLater(t, role, id);
  return id;
}

/**
 * Edits a scheduled message the way the catalog rules (fl179.messages.scheduled-edit, wire §17.2 #17): POST with
 * scheduled_message_id, as the spec says, but PATCH /scheduled_messages/{id} on a `zulip` server from FL184, where
 * Zulip moved edits (its POST no longer reads the id then).
 */
export function editScheduled(t: TestContext, role: PersonaRole, id: number, params: ParamMap): Promise<ApiResponse> {
  const client = t.api(role);
  if (t.target.product === "zulip" && t.target.featureLevel >= ZULIP_SCHEDULED_PATCH) return client.patch(`/scheduled_messages/${id}`, params);
  return client.post("/scheduled_messages", { scheduled_message_id: id, ...params });
}

/** The level from which a Zulip server edits scheduled messages with PATCH alone (its changelog, FL184). */
const ZULIP_SCHEDULED_PATCH = 184;

/** GET /scheduled_messages: the user's list. */
export async function scheduledList(t: TestContext, role: PersonaRole): Promise<{ list: unknown[]; res: ApiResponse }> {
  const res = await t.api(role).get("/scheduled_messages");
  const body = t.expect.success(res, "GET /scheduled_messages");
  t.expect.ok(Array.isArray(body.scheduled_messages), "scheduled_messages to be an array", body.scheduled_messages, res.exchange);
  return { list: body.scheduled_messages as unknown[], res };
}

/**
 * A private (invite_only) channel of `role`'s: leaving it takes away the right to post there. The administrator is
 * subscribed too, so that it may archive the channel when the test ends at every level (before FL349 only a
 * subscriber may), whoever has left it by then.
 */
export async function privateChannelOf(t: TestContext, role: PersonaRole): Promise<{ name: string; id: number }> {
  const subscribers: PersonaRole[] = [role, ...(t.declares("administrator") ? (["administrator"] as const) : [])];
  return createChannel(t, role, subscribers, { invite_only: true }, "private");
}
