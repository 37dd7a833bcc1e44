import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "undici";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";
import { TEST_HEADER } from "../../src/client/test-header.ts";
import { startProxy, type Proxy } from "../../src/proxy/proxy.ts";
import { client } from "./drive.ts";

/**
 * Where the proxy disagreed with the suite and the server on the suite's own traffic (issue 22, item 6), the
 * clause's words decide; these are the proxy's sides of it:
 * - fl300.messages.message-ids: a fetch by message_ids is "an alternative to an anchor and counts", so its answer
 *   owes no anchor fields (fl153.messages.fetch-anchors does not apply to it);
 * - fl167.server.ignored-parameters-unsupported: POST /scheduled_messages takes scheduled_message_id (it "creates
 *   and edits", FL179) and POST /messages takes realm_str (ignored from FL166, fl166.messages.realm-str-ignored);
 *   neither is owed in ignored_parameters_unsupported; an unknown parameter still is;
 * - can_remove_subscribers_group_id (FL161): the spec never removes it, so it is no warning at FL372;
 * - PATCH /users/{user_id} is not PATCH /users/{email} (FL313);
 * - a request of the suite's test of a clause probing that clause's level edge is no warning; the same request
 *   from any other client is.
 */
describe.each([372, 300])("the proxy against a conforming server at FL%i", (fl) => {
  let server: ReferenceServer;
  let proxy: Proxy;

  beforeAll(async () => {
    server = await createReferenceServer({ featureLevel: fl, port: 0 });
    proxy = await startProxy({ target: server.url });
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  const findings = async () => {
    await proxy.settled();
    return proxy.findings.map((f) => `${f.severity} ${f.clause}`);
  };

  it("fetch by message_ids (fl300.messages.message-ids): an answer without anchor fields, and no fetch-anchors violation", async () => {
    const { call } = client(proxy.url, server.personas.member!);
    const sent = await call("POST", "/messages", { type: "stream", to: "general", topic: "by id", content: "one" });
    const res = await call("GET", `/messages?message_ids=${encodeURIComponent(JSON.stringify([Number(sent.json?.id)]))}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json ?? {})).not.toContain("anchor");
    expect(await findings()).toEqual([]);
  });

  it("realm_str (fl166.messages.realm-str-ignored) and an edit by POST /scheduled_messages are parameters the endpoints take", async () => {
    const { call } = client(proxy.url, server.personas.member!);
    expect((await call("POST", "/messages", { type: "stream", to: "general", topic: "realm", content: "hi", realm_str: "elsewhere" })).status).toBe(200);
    const at = String(Math.floor(Date.now() / 1000) + 3600);
    const made = await call("POST", "/scheduled_messages", {
      type: "stream",
      to: String((await call("GET", "/get_stream_id?stream=general")).json?.stream_id),
      topic: "later",
      content: "later",
      scheduled_delivery_timestamp: at,
    });
    const id = String(made.json?.scheduled_message_id);
    expect((await call("POST", "/scheduled_messages", { scheduled_message_id: id, content: "edited" })).status).toBe(200);
    await call("DELETE", `/scheduled_messages/${id}`);
    expect(await findings()).toEqual([]);
    // An unknown parameter is still owed in the list: the check is not switched off.
    expect((await call("POST", "/messages", { type: "stream", to: "general", topic: "realm", content: "hi", not_a_parameter: "1" })).status).toBe(200);
    expect(await findings()).toEqual([]);
    expect(proxy.results().tests.find((t) => t.clauses.includes("fl167.server.ignored-parameters-unsupported"))?.status).toBe("pass");
  });

  it("can_remove_subscribers_group_id (FL161) and PATCH /users/{user_id}: no warning", async () => {
    const admin = client(proxy.url, server.personas.administrator!).call;
    const stream = (await admin("GET", "/get_stream_id?stream=general")).json?.stream_id;
    const groups = (await admin("GET", "/user_groups")).json?.user_groups as Array<{ id: number; name: string }>;
    const admins = groups.find((g) => g.name === "role:administrators")!.id;
    expect((await admin("PATCH", `/streams/${String(stream)}`, { can_remove_subscribers_group_id: String(admins) })).status).toBe(200);
    expect((await admin("PATCH", `/users/${server.personas.member!.userId}`, { full_name: "Mia Member" })).status).toBe(200);
    expect(await findings()).toEqual([]);
  });
});

describe("the suite's probes of a level's edge (x-chat-conformance-test) against a server at FL200", () => {
  let server: ReferenceServer;
  let proxy: Proxy;

  beforeAll(async () => {
    server = await createReferenceServer({ featureLevel: 200, port: 0 });
    proxy = await startProxy({ target: server.url });
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  const m = () => server.personas.member!;
  const send = async (test?: string) => {
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${m().email}:${m().apiKey}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
      ...(test ? { [TEST_HEADER]: test } : {}),
    };
    const res = await request(`${proxy.url}/api/v1/messages`, {
      method: "POST",
      headers,
      body: new URLSearchParams({ type: "stream", to: "general", topic: "probe", content: "x", read_by_sender: "true" }).toString(),
    });
    await res.body.text();
    await proxy.settled();
    return proxy.findings.filter((f) => f.severity === "warning").length;
  };

  it("read_by_sender (FL236) sent by fl236.messages.read-by-sender's own test: no warning, counted as a probe", async () => {
    expect(await send("fl236.messages.read-by-sender#before-fl236-read-by-sender-changes-nothing")).toBe(0);
    expect(proxy.results().target.notes.join(" ")).toContain("1 request warning not raised");
  });

  it("the same request from another test, or from any client: a warning of fl236.messages.read-by-sender", async () => {
    expect(await send("fl153.messages.send-stream#some-test")).toBe(1);
    expect(await send()).toBe(2);
    expect(proxy.findings.map((f) => f.clause)).toEqual(["fl236.messages.read-by-sender", "fl236.messages.read-by-sender"]);
  });
});
