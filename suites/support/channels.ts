import type { ApiClient, ApiResponse } from "../../src/client/client.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { Channel } from "../../src/schemas/channel.ts";
import { DEFAULT_CHANNEL, type PersonaRole } from "../../src/target/personas.ts";
import { archiveChannelLater, archiveChannelNamedLater } from "./cleanup.ts";

/** The channel every organization has for the suites (`general`, or the personas file's organization.channel). */
export const sharedChannel = (t: TestContext): string => t.target.organization?.channel ?? DEFAULT_CHANNEL;

/** An anonymous group-setting value holding exactly these users. */
export const onlyUsers = (...ids: number[]) => ({ direct_members: ids, direct_subgroups: [] as number[] });

const clientOf = (t: TestContext, who: PersonaRole | ApiClient) => (typeof who === "string" ? t.api(who) : who);

/** A channel a test made: its name and id. */
export interface TestChannel {
  name: string;
  id: number;
}

/** Who a new channel's creator subscribes (POST /users/me/subscriptions principals): personas or user ids. */
export type Subscriber = PersonaRole | number;

/** POST /users/me/subscriptions making channel `name`; without subscribers the creator alone is subscribed. */
function postChannel(t: TestContext, creator: PersonaRole, name: string, subscribers: Subscriber[] | undefined, extra: ParamMap): Promise<ApiResponse> {
  const principals = subscribers?.map((s) => (typeof s === "number" ? s : t.persona(s).userId));
  return t.api(creator).post("/users/me/subscriptions", { subscriptions: [{ name }], ...(principals ? { principals } : {}), ...extra });
}

// Channels come from one family: createChannel when the channel is a prerequisite (a refusal blocks the test),
// createChannelRaw when its creation is what the test judges, and freshChannel / freshPrivateChannel for the usual
// shapes. Each makes a fresh name under the run prefix and archives what it made when the test ends.

/**
 * Starts creating a channel of a fresh name (from `label`) as `creator`, with these subscribers (left out, the
 * creator alone) and creation parameters (invite_only, can_send_message_group, …): the name, and the response as
 * the server gives it, for the test (or the caller's t.must) to judge. A channel it makes is archived when the test
 * ends, found by its name.
 */
export function createChannelRaw(
  t: TestContext,
  creator: PersonaRole,
  subscribers?: Subscriber[],
  extra: ParamMap = {},
  label = "chan",
): { name: string; res: Promise<ApiResponse> } {
  const name = t.unique(label);
  archiveChannelNamedLater(t, name, creator);
  return { name, res: postChannel(t, creator, name, subscribers, extra) };
}

/**
 * A fresh channel (named from `label`) created by `creator` with the given subscribers (left out, the creator
 * alone) and creation parameters, archived when the test ends. A prerequisite: a refusal blocks the test. Its id
 * is looked up by the creator when it is subscribed, else by the test's manager.
 */
export async function createChannel(
  t: TestContext,
  creator: PersonaRole,
  subscribers?: Subscriber[],
  extra: ParamMap = {},
  label = "chan",
): Promise<TestChannel> {
  const name = t.unique(label);
  await t.must("create a channel with POST /users/me/subscriptions", postChannel(t, creator, name, subscribers, extra));
  const subscribed = subscribers === undefined || subscribers.includes(creator) || subscribers.includes(t.persona(creator).userId);
  const body = await t.must(
    "look up the channel id with GET /get_stream_id",
    t.api(subscribed ? creator : t.manager(creator)).get("/get_stream_id", { stream: name }),
  );
  const channel = { name, id: body.stream_id as number };
  archiveChannelLater(t, channel, creator);
  return channel;
}

/** A fresh public channel with the given personas subscribed (the first one creates it), archived when the test ends. A prerequisite. */
export const freshChannel = (t: TestContext, roles: PersonaRole[] = ["member", "secondMember"]): Promise<TestChannel> =>
  createChannel(t, roles[0]!, roles, {}, "channel");

/** A fresh private channel (protected history) with only these personas subscribed (the first one creates it), archived when the test ends. */
export const freshPrivateChannel = (t: TestContext, roles: PersonaRole[]): Promise<TestChannel> =>
  createChannel(t, roles[0]!, roles, { invite_only: true, history_public_to_subscribers: false }, "private");

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

/**
 * A subscribe response's `subscribed` or `already_subscribed` keyed by user ID. The spec does not show the key: real
 * servers use the user's ID from FL289 and the email before (a level the spec lists as changing nothing), so either
 * is read, a persona's email becoming its ID.
 */
export function byUserId(t: TestContext, result: unknown): Record<string, unknown> {
  const ids = new Map(Object.values(t.target.personas).flatMap((p) => (p ? [[p.email, String(p.userId)] as const] : [])));
  return Object.fromEntries(Object.entries((result ?? {}) as Record<string, unknown>).map(([k, v]) => [ids.get(k) ?? k, v]));
}

/** Sends a channel message and returns the raw response (the test judges it). */
export const postTo = (t: TestContext, who: PersonaRole | ApiClient, channel: TestChannel, content = "hello") =>
  clientOf(t, who).post("/messages", { type: "stream", to: channel.id, topic: "checks", content });
