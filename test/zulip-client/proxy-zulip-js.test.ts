import { fetch, FormData } from "undici";
import zulipInit, { type ZulipClient, type ZulipResponse } from "zulip-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type PersonaCredentials, type ReferenceServer } from "../../reference-server/server.ts";
import type { Finding } from "../../src/proxy/findings.ts";
import { startProxy, type Proxy } from "../../src/proxy/proxy.ts";

/**
 * zulip-js 2.1.0, a real client, driven through the validation proxy against the reference server as `zulip`: a
 * whole session (register, subscribe, send, narrowed fetch, reaction, edit, events, upload, download, direct
 * message, deregister). Against a clean server the proxy finds no violation at any level; against a server with a
 * fault it names the broken clause. The proxy learns the level itself (GET /server_settings, zulip_ names).
 */
const basic = (p: PersonaCredentials) => `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`;

function success(res: ZulipResponse): ZulipResponse & Record<string, unknown> {
  expect(res.result, `${res.code ?? ""} ${res.msg}`).toBe("success");
  return res as ZulipResponse & Record<string, unknown>;
}

/** The library's session, every call through the proxy at `url`. */
async function session(url: string, member: PersonaCredentials, admin: PersonaCredentials, fl: number): Promise<void> {
  const zulip: ZulipClient = await zulipInit({ username: member.email, apiKey: member.apiKey, realm: url });
  const reg = success(await zulip.queues.register({ event_types: ["message", "reaction", "update_message", "subscription"] }));
  const channel = `proxy zulip-js FL${fl}`;
  success(await zulip.users.me.subscriptions.add({ subscriptions: [{ name: channel, description: "through the proxy" }] }));
  success(await zulip.streams.subscriptions.retrieve());
  const sent = success(await zulip.messages.send({ to: channel, type: "stream", subject: "greetings", content: "Hello through the proxy" }));
  const messageId = sent.id as number;
  success(await zulip.messages.retrieve({ anchor: "newest", num_before: 20, num_after: 0, narrow: [{ operator: "stream", operand: channel }] }));
  success(await zulip.reactions.add({ message_id: messageId, emoji_name: "octopus" }));
  success(await zulip.messages.update({ message_id: messageId, content: "Edited through the proxy", topic: "renamed" }));
  success(await zulip.messages.getById({ message_id: messageId }));
  let last = reg.last_event_id as number;
  for (let poll = 0; poll < 3; poll++) {
    const res = success(await zulip.events.retrieve({ queue_id: reg.queue_id as string, last_event_id: last }));
    const events = res.events as Array<{ id: number }>;
    last = Math.max(last, ...events.map((e) => e.id));
  }
  // zulip-js has no upload method: the Python client's way, multipart with the file as its only part.
  const form = new FormData();
  form.append("file", new Blob(["notes through the proxy"], { type: "text/plain" }), "notes.txt");
  const upload = (await (await fetch(`${url}/api/v1/user_uploads`, { method: "POST", headers: { authorization: basic(member) }, body: form })).json()) as {
    uri: string;
  };
  const download = await fetch(new URL(upload.uri, url), { headers: { authorization: basic(member) } });
  expect(await download.text()).toBe("notes through the proxy");
  success(await zulip.messages.send({ to: admin.email, type: "private", content: "a private word" }));
  success(await zulip.reactions.remove({ message_id: messageId, emoji_code: "1f419", reaction_type: "unicode_emoji" }));
  success(await zulip.queues.deregister({ queue_id: reg.queue_id as string }));
}

const lines = (fs: readonly Finding[]) => fs.map((f) => `${f.severity} [${f.clause}] ${f.request}: want ${f.want}; got ${f.got}`).join("\n");

describe.each([372, 250, 153])("zulip-js through the proxy against a clean server as zulip at FL%i", (fl) => {
  let server: ReferenceServer;
  let proxy: Proxy;

  beforeAll(async () => {
    server = await createReferenceServer({ featureLevel: fl, port: 0, product: "zulip", heartbeatMs: 500 });
    proxy = await startProxy({ target: server.url });
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it("passes the whole session through and reports 0 violations and 0 warnings", async () => {
    expect(proxy.level).toMatchObject({ featureLevel: fl, product: "zulip" });
    await session(proxy.url, server.personas.member!, server.personas.administrator!, fl);
    await proxy.settled();
    expect(lines(proxy.findings)).toBe("");
    const results = proxy.results();
    expect(results.summary.mustProblems).toBe(0);
    // The session exercised the checks: the envelope, register, events and message objects at least.
    const passed = results.tests.filter((t) => t.status === "pass").flatMap((t) => t.clauses);
    expect(passed).toEqual(
      expect.arrayContaining(["fl153.server.json-response", "fl153.events.register-queue", "fl153.events.envelope", "fl153.events.message-event"]),
    );
  });
});

describe("zulip-js through the proxy against a faulty server as zulip at FL372", () => {
  it.each([
    ["fl153.events.envelope", "event ids sent as strings"],
    ["fl272.uploads.uri-alias", "the upload answer without uri"],
    ["fl153.versioning.feature-level-in-register", "register without zulip_feature_level"],
  ])("names %s (%s)", async (fault) => {
    const server = await createReferenceServer({ featureLevel: 372, port: 0, product: "zulip", heartbeatMs: 500, faults: [fault] });
    const proxy = await startProxy({ target: server.url });
    try {
      await session(proxy.url, server.personas.member!, server.personas.administrator!, 372).catch(() => undefined);
      await proxy.settled();
      expect(proxy.findings.filter((f) => f.severity === "error").map((f) => f.clause)).toContain(fault);
    } finally {
      await proxy.close();
      await server.close();
    }
  });
});
