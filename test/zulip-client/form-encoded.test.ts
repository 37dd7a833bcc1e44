import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type PersonaCredentials, type ReferenceServer } from "../../reference-server/server.ts";

/**
 * PATCH and DELETE as the Zulip Python client sends them, in raw HTTP, against the reference server as `product:
 * "zulip"`. The Python client (`Client.do_api_query`) JSON-encodes every value that is not a string (lists,
 * objects, booleans, numbers: `json.dumps`, so `", "` and `": "` separators) and hands the parameters to requests
 * as `data=`, which for every method but GET is an application/x-www-form-urlencoded body. Each request is also
 * sent with the same parameters in the query string, which real servers read too. Every change is checked by
 * reading the state back.
 */
type Placement = "body" | "query";
const PLACEMENTS: readonly Placement[] = ["body", "query"];

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** A value as `json.dumps` writes it (ASCII data only), strings as themselves: what the Python client puts in a form. */
function pythonValue(v: unknown): string {
  return typeof v === "string" ? v : pythonJson(v);
}

function pythonJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(pythonJson).join(", ")}]`;
  if (v !== null && typeof v === "object")
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${pythonJson(x)}`)
      .join(", ")}}`;
  return JSON.stringify(v);
}

let server: ReferenceServer;
let member: PersonaCredentials;

/** One call with the parameters in a form body (the Python client) or in the query string. */
async function call(method: string, path: string, params: Record<string, unknown>, placement: Placement = "body"): Promise<Reply> {
  const form = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, pythonValue(v)]));
  const url = new URL(`/api/v1${path}`, server.url);
  const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`${member.email}:${member.apiKey}`).toString("base64")}` };
  let body: string | undefined;
  if (method === "GET" || placement === "query") {
    for (const [k, v] of form) url.searchParams.append(k, v);
  } else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = form.toString();
  }
  const res = await fetch(url, { method, headers, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A call that must succeed; the response's keys past the envelope. */
async function ok(method: string, path: string, params: Record<string, unknown>, placement?: Placement): Promise<Record<string, unknown>> {
  const reply = await call(method, path, params, placement);
  expect(reply, `${method} ${path}: ${String(reply.body.code ?? "")} ${String(reply.body.msg)}`).toMatchObject({ status: 200, body: { result: "success" } });
  return reply.body;
}

/** What a call that reads every parameter it was given answers: no ignored_parameters_unsupported. */
function readEverything(body: Record<string, unknown>): void {
  expect(body.ignored_parameters_unsupported ?? []).toEqual([]);
}

async function subscribe(name: string): Promise<number> {
  await ok("POST", "/users/me/subscriptions", { subscriptions: [{ name }] });
  const { stream_id } = await ok("GET", "/get_stream_id", { stream: name });
  return stream_id as number;
}

async function subscription(name: string): Promise<Record<string, unknown> | undefined> {
  const { subscriptions } = await ok("GET", "/users/me/subscriptions", {});
  return (subscriptions as Array<Record<string, unknown>>).find((s) => s.name === name);
}

async function message(id: number): Promise<Record<string, unknown>> {
  return (await ok("GET", `/messages/${id}`, {})).message as Record<string, unknown>;
}

async function userSetting(name: string): Promise<unknown> {
  const state = await ok("POST", "/register", { fetch_event_types: ["user_settings"] });
  return (state.user_settings as Record<string, unknown>)[name];
}

async function send(channel: string, topic: string, content: string): Promise<number> {
  return (await ok("POST", "/messages", { type: "stream", to: channel, topic, content })).id as number;
}

beforeAll(async () => {
  server = await createReferenceServer({ featureLevel: 372, port: 0, product: "zulip", heartbeatMs: 1000 });
  member = server.personas.member!;
});

afterAll(async () => {
  await server.close();
});

describe.each(PLACEMENTS)("the Python client's PATCH and DELETE parameters, in the %s", (placement) => {
  it("PATCH /messages/{id} edits content and topic (update_message sends message_id too)", async () => {
    const channel = `py edit ${placement}`;
    await subscribe(channel);
    const id = await send(channel, "before", "first words");
    await ok("PATCH", `/messages/${id}`, { message_id: id, content: "second words", topic: "after" }, placement);
    expect(await message(id)).toMatchObject({ subject: "after", content: "<p>second words</p>" });
  });

  it("DELETE /users/me/subscriptions unsubscribes from a JSON list of names", async () => {
    const channel = `py leave ${placement}`;
    await subscribe(channel);
    expect(await subscription(channel)).toBeDefined();
    const res = await ok("DELETE", "/users/me/subscriptions", { subscriptions: [channel] }, placement);
    expect(res).toMatchObject({ removed: [channel], not_removed: [] });
    readEverything(res);
    expect(await subscription(channel)).toBeUndefined();
  });

  it("PATCH /settings reads JSON booleans, false and true", async () => {
    const name = "enable_followed_topic_push_notifications";
    for (const value of [false, true]) {
      readEverything(await ok("PATCH", "/settings", { [name]: value }, placement));
      expect(await userSetting(name)).toBe(value);
    }
  });

  it("POST /users/me/subscriptions/properties reads subscription_data, a JSON list of objects", async () => {
    const channel = `py mute ${placement}`;
    const streamId = await subscribe(channel);
    readEverything(
      await ok("POST", "/users/me/subscriptions/properties", { subscription_data: [{ stream_id: streamId, property: "is_muted", value: true }] }, placement),
    );
    expect(await subscription(channel)).toMatchObject({ is_muted: true });
  });

  it("DELETE /messages/{id}/reactions removes the reaction named by emoji_name (remove_reaction sends message_id too)", async () => {
    const channel = `py unreact ${placement}`;
    await subscribe(channel);
    const id = await send(channel, "reactions", "react to me");
    await ok("POST", `/messages/${id}/reactions`, { emoji_name: "octopus" });
    expect(await message(id)).toMatchObject({ reactions: [expect.objectContaining({ emoji_name: "octopus", user_id: member.userId })] });
    await ok("DELETE", `/messages/${id}/reactions`, { message_id: id, emoji_name: "octopus" }, placement);
    expect(await message(id)).toMatchObject({ reactions: [] });
  });

  it("DELETE /events deletes the queue named by queue_id (deregister)", async () => {
    const { queue_id, last_event_id } = await ok("POST", "/register", { event_types: ["message"] });
    readEverything(await ok("DELETE", "/events", { queue_id }, placement));
    const gone = await call("GET", "/events", { queue_id, last_event_id, dont_block: true });
    expect(gone).toMatchObject({ status: 400, body: { result: "error", code: "BAD_EVENT_QUEUE_ID", queue_id } });
  });
});

/** The requests of the Python examples in Zulip's API documentation, sent as the Python client sends them. */
describe("the documented Python examples", () => {
  it("update_subscription_settings: pin_to_top and color through POST /users/me/subscriptions/properties", async () => {
    const channel = "py documented properties";
    const streamId = await subscribe(channel);
    await ok("POST", "/users/me/subscriptions/properties", {
      subscription_data: [
        { stream_id: streamId, property: "pin_to_top", value: true },
        { stream_id: streamId, property: "color", value: "#f00f00" },
      ],
    });
    expect(await subscription(channel)).toMatchObject({ pin_to_top: true, color: "#f00f00" });
  });

  // The example turns on settings that are on by default; the opposite values show that the change took.
  it("update_settings: enable_offline_push_notifications, enable_online_push_notifications and emojiset through PATCH /settings", async () => {
    const change = { enable_offline_push_notifications: false, enable_online_push_notifications: false, emojiset: "twitter" };
    readEverything(await ok("PATCH", "/settings", change));
    for (const [name, value] of Object.entries(change)) expect(await userSetting(name), name).toBe(value);
  });
});
