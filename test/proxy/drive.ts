import { FormData, request } from "undici";
import type { PersonaCredentials } from "../../reference-server/server.ts";
import { jsonBody } from "../support/json-body.ts";

/**
 * A scripted client for the proxy tests: what a chat client does in a short session, every call through `base`
 * (the proxy's URL). Each step's answer is returned untouched; the tests judge the proxy's findings, not these.
 */
export function client(base: string, p: PersonaCredentials) {
  const auth = `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`;
  const call = async (
    method: string,
    path: string,
    form?: Record<string, string>,
  ): Promise<{ status: number; json: Record<string, unknown> | undefined; text: string }> => {
    const res = await request(`${base}/api/v1${path}`, {
      method: method as "GET",
      headers: { authorization: auth, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: form ? new URLSearchParams(form).toString() : null,
    });
    const text = await res.body.text();
    const json = jsonBody(text);
    return { status: res.statusCode, json, text };
  };
  return { call, auth };
}

/**
 * The session: server_settings, a register (capabilities as given; the realm section fetched), a channel message
 * with an empty topic and one with a parameter no endpoint takes, fetches, a reaction, an upload, another user
 * typing and sending in the empty topic, a second register, read flags, a delete, a send missing its content, an
 * unknown path, then polls until the queue is idle (a heartbeat).
 */
export async function session(
  base: string,
  p: PersonaCredentials,
  other: PersonaCredentials,
  fl: number,
  capabilities: Record<string, boolean> = {},
): Promise<void> {
  const { call, auth } = client(base, p);
  const them = client(base, other).call;
  await call("GET", "/server_settings");
  const reg = await call("POST", "/register", {
    event_types: JSON.stringify(["message", "reaction", "delete_message", "update_message", "typing", "update_message_flags"]),
    fetch_event_types: JSON.stringify(["realm", "message"]),
    // stream_typing_notifications: channel typing events come only to clients that declare it.
    client_capabilities: JSON.stringify({ notification_settings_null: true, stream_typing_notifications: true, ...capabilities }),
  });
  const queue = String(reg.json?.queue_id);
  const empty = await call("POST", "/messages", { type: "stream", to: "general", topic: "", content: "no topic" });
  const sent = await call("POST", "/messages", { type: "stream", to: "general", topic: "proxy", content: "hello", not_a_parameter: "1" });
  const id = String(sent.json?.id ?? empty.json?.id);
  await call("GET", `/messages?anchor=newest&num_before=5&num_after=0`);
  // allow_empty_topic_name is FL334's: an older server does not offer it.
  if (fl >= 334) await call("GET", `/messages?anchor=newest&num_before=5&num_after=0&allow_empty_topic_name=true`);
  await call("POST", `/messages/${id}/reactions`, { emoji_name: "octopus" });
  await call("GET", `/messages?anchor=newest&num_before=5&num_after=0`);
  const form = new FormData();
  form.append("file", new Blob(["proxy"], { type: "text/plain" }), "proxy.txt");
  await (await request(`${base}/api/v1/user_uploads`, { method: "POST", headers: { authorization: auth }, body: form })).body.text();
  // From another user: typing and a message in the empty topic, so that the user's second register holds it in
  // unread_msgs; marked read and unread again (message_details of the flags event).
  const generalId = (await call("GET", "/get_stream_id?stream=general")).json?.stream_id;
  if (fl >= 334) await them("POST", "/typing", { type: "stream", op: "start", stream_id: String(generalId), topic: "" });
  const theirs = await them("POST", "/messages", { type: "stream", to: "general", topic: "", content: "their empty topic" });
  await call("POST", "/register", {
    event_types: JSON.stringify(["message"]),
    fetch_event_types: JSON.stringify(["message", "update_message_flags"]),
    client_capabilities: JSON.stringify({ notification_settings_null: true, ...capabilities }),
  });
  await call("POST", "/messages/flags", { messages: JSON.stringify([Number(theirs.json?.id)]), op: "add", flag: "read" });
  await call("POST", "/messages/flags", { messages: JSON.stringify([Number(theirs.json?.id)]), op: "remove", flag: "read" });
  await call("DELETE", `/messages/${String(empty.json?.id)}`);
  await call("POST", "/messages", { type: "stream", to: "general", topic: "proxy" });
  await call("GET", "/no_such_endpoint");
  let last = Number(reg.json?.last_event_id ?? -1);
  for (let poll = 0; poll < 6; poll++) {
    const res = await call("GET", `/events?queue_id=${encodeURIComponent(queue)}&last_event_id=${last}`);
    const events = Array.isArray(res.json?.events) ? (res.json.events as Array<{ id: unknown; type: unknown }>) : [];
    last = Math.max(last, ...events.map((e) => Number(e.id)).filter(Number.isFinite));
    if (events.length === 0 || events.some((e) => e.type === "heartbeat")) break;
  }
}
