import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../reference-server/server.ts";
import { serversPerTest } from "../support/reference-servers.ts";
import { clientName } from "../../reference-server/api/messages/client-name.ts";

/**
 * What a client of a new account sees on a real server: the deprecated use_first_unread_anchor still honoured, and
 * a message's `client` named after the sender's User-Agent.
 */
const start = serversPerTest();

type Who = { email: string; apiKey: string };
const basic = (u: Who) => `Basic ${Buffer.from(`${u.email}:${u.apiKey}`).toString("base64")}`;

async function call(server: ReferenceServer, who: Who, method: string, path: string, params: Record<string, unknown>, userAgent?: string) {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) form.set(k, typeof v === "string" ? v : JSON.stringify(v));
  const headers: Record<string, string> = { authorization: basic(who), "user-agent": userAgent ?? "chat-conformance" };
  if (method !== "GET") headers["content-type"] = "application/x-www-form-urlencoded";
  const query = method === "GET" ? `?${form.toString()}` : "";
  const res = await fetch(`${server.url}/api/v1${path}${query}`, { method, headers, ...(method === "GET" ? {} : { body: form.toString() }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const persona = (s: ReferenceServer, p: string): Who & { userId: number } => s.personas[p]!;

describe.each([153, 372])("FL%i", (level) => {
  describe.each(["chat", "zulip"] as const)("product %s", (product) => {
    it("fl153.messages.fetch-anchors: use_first_unread_anchor=true is anchor=first_unread, never an ignored parameter", async () => {
      const s = await start(level, product);
      const member = persona(s, "member");
      const second = persona(s, "secondMember");
      const sent: number[] = [];
      for (const content of ["one", "two", "three"]) {
        const r = await call(s, member, "POST", "/messages", { type: "private", to: [second.userId], content });
        expect(r.status).toBe(200);
        sent.push(r.body.id as number);
      }
      const narrow = [{ operator: "dm", operand: [member.userId] }];
      const legacyNarrow = level >= 177 ? narrow : [{ operator: "pm-with", operand: member.email }];
      await call(s, second, "POST", "/messages/flags", { op: "add", flag: "read", messages: [sent[0]] });
      const byFlag = await call(s, second, "GET", "/messages", { use_first_unread_anchor: true, num_before: 0, num_after: 0, narrow: legacyNarrow });
      expect(byFlag.status).toBe(200);
      expect(byFlag.body.anchor).toBe(sent[1]);
      expect(byFlag.body).not.toHaveProperty("ignored_parameters_unsupported");
      // The flag wins over an anchor sent with it, which is read (not listed as ignored).
      const both = await call(s, second, "GET", "/messages", {
        use_first_unread_anchor: true,
        anchor: "oldest",
        num_before: 0,
        num_after: 0,
        narrow: legacyNarrow,
      });
      expect(both.body.anchor).toBe(sent[1]);
      expect(both.body).not.toHaveProperty("ignored_parameters_unsupported");
      // false leaves the anchor to `anchor`, which then is required.
      const off = await call(s, second, "GET", "/messages", {
        use_first_unread_anchor: false,
        anchor: "oldest",
        num_before: 0,
        num_after: 5,
        narrow: legacyNarrow,
      });
      expect((off.body.messages as Array<{ id: number }>).map((m) => m.id)).toEqual(sent);
      const missing = await call(s, second, "GET", "/messages", { use_first_unread_anchor: false, num_before: 0, num_after: 0 });
      expect(missing.status).toBe(400);
    });

    it("wire §14 message `client`: the name of the sender's User-Agent, in GET /messages and the message event", async () => {
      const s = await start(level, product);
      const member = persona(s, "member");
      const second = persona(s, "secondMember");
      const reg = await call(s, second, "POST", "/register", { event_types: ["message"] });
      const sent = await call(s, member, "POST", "/messages", { type: "private", to: [second.userId], content: "hi" }, "ZulipTerminal/0.7.0 (Linux)");
      const page = await call(s, second, "GET", "/messages", { anchor: sent.body.id, num_before: 0, num_after: 0 });
      expect((page.body.messages as Array<{ client: string }>)[0]!.client).toBe("ZulipTerminal");
      const events = await call(s, second, "GET", "/events", { queue_id: reg.body.queue_id, last_event_id: -1, dont_block: true });
      const event = (events.body.events as Array<{ type: string; message?: { client: string } }>).find((e) => e.type === "message");
      expect(event!.message!.client).toBe("ZulipTerminal");
    });
  });
});

describe("clientName: the client a User-Agent names", () => {
  it.each([
    ["ZulipTerminal/0.7.0 (Linux)", "ZulipTerminal"],
    ["ZulipPython/0.9.0 (Ubuntu; 24.04)", "ZulipPython"],
    ["Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/133.0", "Mozilla"],
    ["Zulip Mobile 27.230 (android)", "Zulip Mobile"],
    ["python-requests/2.32.3", "python-requests"],
    ["ZulipMobile/27.230 (Android 14)", "ZulipMobile"],
    ["curl", "curl"],
    ["", "API"],
    ["/1.0", "API"],
    [undefined, "API"],
  ])("%s → %s", (ua, name) => {
    expect(clientName(ua)).toBe(name);
  });
});
