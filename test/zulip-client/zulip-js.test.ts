import { fetch, FormData } from "undici";
import zulipInit, { type ZulipClient, type ZulipResponse } from "zulip-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createReferenceServer, type PersonaCredentials, type ReferenceServer } from "../../reference-server/server.ts";

/**
 * A real client library, zulip-js 2.1.0 (Zulip's own JavaScript bindings), completes a session
 * against the reference server started as `product: "zulip"`. The library sends what old clients send: every POST
 * as multipart, PATCH and DELETE parameters in the query string, `subject` and `type: "private"`. The assertions are
 * on what the library hands back (the JSON envelope), never on the server's state. The session runs at the last
 * level and at two older ones, where the real product answered differently (FL numbers below are the real
 * product's, from its API changelog).
 */
const LEVELS = [372, 250, 153] as const;

/** The event types the session registers for. */
const EVENT_TYPES = ["message", "reaction", "update_message", "subscription"];

const Id = z.number().int();
const Message = z.looseObject({ id: Id, subject: z.string(), content: z.string() });
const Messages = z.looseObject({ messages: z.array(Message) });
const Event = z.looseObject({ id: Id, type: z.string() });
const Upload = z.looseObject({ uri: z.string(), url: z.string().optional(), filename: z.string().optional() });

/** The response's keys past the envelope, after checking that the call succeeded (the server's msg names the failure). */
function ok<S extends z.ZodType>(res: ZulipResponse, schema: S): z.infer<S> {
  expect(res.result, `${res.code ?? ""} ${res.msg}`).toBe("success");
  return schema.parse(res);
}

const basic = (p: PersonaCredentials) => `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`;

/**
 * zulip-js has no upload method, so this uploads the way the Python client's `upload_file` does: POST /user_uploads,
 * a multipart body with the file as its only part, the API key in Basic auth. undici's FormData, because loading
 * zulip-js replaces the global FormData with the form-data package's (isomorphic-form-data), which takes no Blob.
 */
async function uploadFile(server: ReferenceServer, p: PersonaCredentials, name: string, data: string): Promise<ZulipResponse> {
  const form = new FormData();
  form.append("file", new Blob([data], { type: "text/plain" }), name);
  const res = await fetch(`${server.url}/api/v1/user_uploads`, { method: "POST", headers: { authorization: basic(p) }, body: form });
  return (await res.json()) as ZulipResponse;
}

/**
 * Long-polls the queue as the library's own loop does (blocking polls), until every check has an event that
 * satisfies it. Each poll returns at once when events are waiting and after one heartbeat otherwise, so a bounded
 * number of polls bounds the wait.
 */
async function eventsUntil(zulip: ZulipClient, queueId: string, after: number, checks: ReadonlyArray<(e: z.infer<typeof Event>) => boolean>) {
  const seen: Array<z.infer<typeof Event>> = [];
  let last = after;
  for (let poll = 0; poll < 5 && !checks.every((c) => seen.some(c)); poll++) {
    const { events } = ok(await zulip.events.retrieve({ queue_id: queueId, last_event_id: last }), z.looseObject({ events: z.array(Event) }));
    seen.push(...events);
    last = Math.max(last, ...events.map((e) => e.id));
  }
  return { events: seen, last };
}

describe.each(LEVELS)("zulip-js 2.1.0 against the reference server as zulip at FL%i", (fl) => {
  let server: ReferenceServer;
  let member: PersonaCredentials;
  let zulip: ZulipClient;

  beforeAll(async () => {
    server = await createReferenceServer({ featureLevel: fl, port: 0, product: "zulip", heartbeatMs: 1000 });
    member = server.personas.member!;
    zulip = await zulipInit({ username: member.email, apiKey: member.apiKey, realm: server.url });
  });

  afterAll(async () => {
    await server.close();
  });

  it("registers, subscribes, sends, fetches, reacts, edits, reads the events, uploads and deregisters", async () => {
    const reg = ok(
      await zulip.queues.register({ event_types: EVENT_TYPES }),
      z.looseObject({ queue_id: z.string(), last_event_id: Id, zulip_feature_level: Id }),
    );
    expect(reg.zulip_feature_level).toBe(fl);

    const channel = `zulip-js FL${fl}`;
    const sub = ok(
      await zulip.users.me.subscriptions.add({ subscriptions: [{ name: channel, description: "Made by zulip-js" }] }),
      z.looseObject({ subscribed: z.record(z.string(), z.array(z.string())), already_subscribed: z.record(z.string(), z.array(z.string())) }),
    );
    expect(Object.values(sub.subscribed).flat()).toEqual([channel]);
    expect(sub.already_subscribed).toEqual({});
    const { stream_id: channelId } = ok(await zulip.streams.getStreamId({ stream: channel }), z.looseObject({ stream_id: Id }));
    const { subscriptions } = ok(
      await zulip.streams.subscriptions.retrieve(),
      z.looseObject({ subscriptions: z.array(z.looseObject({ name: z.string(), stream_id: Id })) }),
    );
    expect(subscriptions.find((s) => s.name === channel)?.stream_id).toBe(channelId);

    const sent = ok(
      await zulip.messages.send({ to: channel, type: "stream", subject: "greetings", content: "Hello from zulip-js" }),
      z.looseObject({ id: Id }),
    );

    const narrow = (topic: string) => [
      { operator: "stream", operand: channel },
      { operator: "topic", operand: topic },
    ];
    const fetched = ok(await zulip.messages.retrieve({ anchor: "newest", num_before: 20, num_after: 0, narrow: narrow("greetings") }), Messages);
    expect(fetched).toMatchObject({ found_newest: true });
    expect(fetched.messages.map((m) => m.id)).toEqual([sent.id]);
    expect(fetched.messages[0]).toMatchObject({
      type: "stream",
      stream_id: channelId,
      display_recipient: channel,
      subject: "greetings",
      sender_id: member.userId,
      sender_email: member.email,
      content: "<p>Hello from zulip-js</p>",
    });

    ok(await zulip.reactions.add({ message_id: sent.id, emoji_name: "octopus" }), z.looseObject({}));

    ok(await zulip.messages.update({ message_id: sent.id, content: "Edited by zulip-js", topic: "renamed" }), z.looseObject({}));
    const moved = ok(await zulip.messages.retrieve({ anchor: "newest", num_before: 20, num_after: 0, narrow: narrow("renamed") }), Messages);
    expect(moved.messages).toHaveLength(1);
    expect(moved.messages[0]).toMatchObject({
      id: sent.id,
      subject: "renamed",
      content: "<p>Edited by zulip-js</p>",
      reactions: [expect.objectContaining({ emoji_name: "octopus", user_id: member.userId })],
    });
    expect(ok(await zulip.messages.retrieve({ anchor: "newest", num_before: 20, num_after: 0, narrow: narrow("greetings") }), Messages).messages).toEqual([]);

    const isMessage = (e: z.infer<typeof Event>) => e.type === "message";
    const isReaction = (e: z.infer<typeof Event>) => e.type === "reaction";
    const isEdit = (e: z.infer<typeof Event>) => e.type === "update_message";
    const isSubscription = (e: z.infer<typeof Event>) => e.type === "subscription" && e.op === "add";
    const { events, last } = await eventsUntil(zulip, reg.queue_id, reg.last_event_id, [isSubscription, isMessage, isReaction, isEdit]);
    const ids = events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(events.find(isSubscription)).toMatchObject({ subscriptions: [expect.objectContaining({ name: channel, stream_id: channelId })] });
    // Registered without apply_markdown: message events carry the Markdown source, not the HTML.
    expect(events.find(isMessage)).toMatchObject({
      message: { id: sent.id, type: "stream", stream_id: channelId, display_recipient: channel, subject: "greetings", content: "Hello from zulip-js" },
    });
    expect(events.find(isReaction)).toMatchObject({
      op: "add",
      message_id: sent.id,
      emoji_name: "octopus",
      reaction_type: "unicode_emoji",
      user_id: member.userId,
    });
    expect(events.find(isEdit)).toMatchObject({
      message_id: sent.id,
      message_ids: [sent.id],
      stream_id: channelId,
      orig_subject: "greetings",
      subject: "renamed",
      orig_content: "Hello from zulip-js",
      content: "Edited by zulip-js",
      rendered_content: "<p>Edited by zulip-js</p>",
    });
    expect(events.findIndex(isMessage)).toBeLessThan(events.findIndex(isReaction));
    expect(events.findIndex(isReaction)).toBeLessThan(events.findIndex(isEdit));

    const uploaded = ok(await uploadFile(server, member, "notes.txt", "notes from zulip-js"), Upload);
    // The real product added url (uri's new name) at FL272 and filename at FL286.
    expect(uploaded.url).toBe(fl >= 272 ? uploaded.uri : undefined);
    expect(uploaded.filename).toBe(fl >= 286 ? "notes.txt" : undefined);
    const link = uploaded.url ?? uploaded.uri;
    expect(link).toMatch(/^\/user_uploads\/.+\/notes\.txt$/);
    const withFile = ok(
      await zulip.messages.send({ to: channel, type: "stream", subject: "renamed", content: `[notes.txt](${link})` }),
      z.looseObject({ id: Id }),
    );
    const { message: fileMessage } = ok(await zulip.messages.getById({ message_id: withFile.id }), z.looseObject({ message: Message }));
    expect(fileMessage.content).toContain(`href="${link}"`);
    const download = await fetch(new URL(link, server.url), { headers: { authorization: basic(member) } });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("notes from zulip-js");

    // The library's README removes a reaction by emoji_code and reaction_type, without emoji_name.
    ok(await zulip.reactions.remove({ message_id: sent.id, emoji_code: "1f419", reaction_type: "unicode_emoji" }), z.looseObject({}));
    expect(ok(await zulip.messages.getById({ message_id: sent.id }), z.looseObject({ message: Message })).message).toMatchObject({ reactions: [] });

    ok(await zulip.queues.deregister({ queue_id: reg.queue_id }), z.looseObject({}));
    expect(await zulip.events.retrieve({ queue_id: reg.queue_id, last_event_id: last, dont_block: true })).toMatchObject({
      result: "error",
      code: "BAD_EVENT_QUEUE_ID",
      queue_id: reg.queue_id,
    });
  });

  it("sends a direct message the way the library's example does (type private, to an email) and finds it with is:private", async () => {
    const admin = server.personas.administrator!;
    const sent = ok(
      await zulip.messages.send({ to: admin.email, type: "private", subject: "Testing zulip-js", content: "a private word" }),
      z.looseObject({ id: Id }),
    );
    const fetched = ok(
      await zulip.messages.retrieve({ anchor: "newest", num_before: 1, num_after: 0, narrow: [{ operator: "is", operand: "private" }] }),
      Messages,
    );
    expect(fetched.messages.map((m) => m.id)).toEqual([sent.id]);
    // Message objects keep type "private" at every level; only the send parameter learned "direct".
    expect(fetched.messages[0]).toMatchObject({
      type: "private",
      content: "<p>a private word</p>",
      display_recipient: expect.arrayContaining([expect.objectContaining({ id: admin.userId }), expect.objectContaining({ id: member.userId })]),
    });
    // The real product accepts type "direct" from FL174; an older server refuses it.
    const direct = await zulip.messages.send({ to: [admin.userId], type: "direct", content: "a direct word" });
    if (fl >= 174) expect(direct).toMatchObject({ result: "success", id: expect.any(Number) });
    else expect(direct).toMatchObject({ result: "error", code: "BAD_REQUEST", msg: "Invalid message type" });
  });

  it("keys the subscribe result by email before FL289 and by user ID from it", async () => {
    const channel = `zulip-js keys FL${fl}`;
    const sub = await zulip.users.me.subscriptions.add({ subscriptions: [{ name: channel }] });
    const key = fl >= 289 ? String(member.userId) : member.email;
    expect(sub).toMatchObject({ result: "success", subscribed: { [key]: [channel] }, already_subscribed: {} });
    const again = await zulip.users.me.subscriptions.add({ subscriptions: [{ name: channel }] });
    expect(again).toMatchObject({ result: "success", subscribed: {}, already_subscribed: { [key]: [channel] } });
  });
});
