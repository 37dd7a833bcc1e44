import type { ApiClient } from "../../src/client/client.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { Channel } from "../../src/schemas/channel.ts";
import { DEFAULT_CHANNEL, type PersonaRole } from "../../src/target/personas.ts";
import { archiveChannelLater } from "./cleanup.ts";
import type { TestChannel } from "./messages.ts";

/** The channel every organization has for the suites (`general`, or the personas file's organization.channel). */
export const sharedChannel = (t: TestContext): string => t.target.organization?.channel ?? DEFAULT_CHANNEL;

/** An anonymous group-setting value holding exactly these users. */
export const onlyUsers = (...ids: number[]) => ({ direct_members: ids, direct_subgroups: [] as number[] });

const clientOf = (t: TestContext, who: PersonaRole | ApiClient) => (typeof who === "string" ? t.api(who) : who);

/**
 * A fresh channel created by `creator` with the given subscribers (persona roles or user ids) and creation
 * parameters (invite_only, can_send_message_group, …), archived when the test ends. A prerequisite: a refusal
 * blocks the test.
 */
export async function createChannel(
  t: TestContext,
  creator: PersonaRole,
  subscribers: Array<PersonaRole | number>,
  extra: ParamMap = {},
): Promise<TestChannel> {
  const name = t.unique("chan");
  const principals = subscribers.map((s) => (typeof s === "number" ? s : t.persona(s).userId));
  await t.must(
    "create a channel with POST /users/me/subscriptions",
    t.api(creator).post("/users/me/subscriptions", { subscriptions: [{ name }], principals, ...extra }),
  );
  const body = await t.must("look up the channel id with GET /get_stream_id", t.api(t.manager(creator)).get("/get_stream_id", { stream: name }));
  const channel = { name, id: body.stream_id as number };
  archiveChannelLater(t, channel, creator);
  return channel;
}

/** The channel as GET /streams/{stream_id} shows it to `who`, validated. */
export async function channelAs(t: TestContext, who: PersonaRole | ApiClient, id: number): Promise<Channel> {
  const res = await clientOf(t, who).get(`/streams/${id}`);
  return t.expect.schema(Channel, t.expect.success(res, "GET /streams/{stream_id}").stream, res.exchange, "GET /streams/{stream_id} stream");
}

/** The ids GET /streams lists for `who` with these parameters. */
export async function listedChannelIds(t: TestContext, who: PersonaRole | ApiClient, params: ParamMap = {}): Promise<Set<number>> {
  const res = await clientOf(t, who).get("/streams", params);
  const body = t.expect.success(res, "GET /streams");
  return new Set((body.streams as Array<{ stream_id: number }>).map((s) => s.stream_id));
}

/** ignored_parameters_unsupported of a success body (empty when absent). */
/**
 * A subscribe response's `subscribed` or `already_subscribed` keyed by user ID. The spec does not show the key: real
 * servers use the user's ID from FL289 and the email before (a level the spec lists as changing nothing), so either
 * is read, a persona's email becoming its ID.
 */
export function byUserId(t: TestContext, result: unknown): Record<string, unknown> {
  const ids = new Map(Object.values(t.target.personas).flatMap((p) => (p ? [[p.email, String(p.userId)] as const] : [])));
  return Object.fromEntries(Object.entries((result ?? {}) as Record<string, unknown>).map(([k, v]) => [ids.get(k) ?? k, v]));
}

export const ignoredOf = (body: Record<string, unknown>): string[] => (body.ignored_parameters_unsupported as string[] | undefined) ?? [];

/** Sends a channel message and returns the raw response (the test judges it). */
export const postTo = (t: TestContext, who: PersonaRole | ApiClient, channel: TestChannel, content = "hello") =>
  clientOf(t, who).post("/messages", { type: "stream", to: channel.id, topic: "checks", content });
