import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

type Call = (method: string, path: string, params?: Record<string, unknown>) => Promise<{ status: number; body: Record<string, unknown> }>;

function client(server: ReferenceServer, role: string): Call {
  const p = server.personas[role as keyof typeof server.personas] as { email: string; apiKey: string };
  const authorization = `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`;
  return async (method, path, params = {}) => {
    const form = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]));
    const get = method === "GET";
    const headers: Record<string, string> = get ? { authorization } : { authorization, "content-type": "application/x-www-form-urlencoded" };
    const res = await fetch(`${server.url}/api/v1${path}${get ? `?${form}` : ""}`, { method, headers, ...(get ? {} : { body: form }) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
}

/** Sends `member` three direct messages from secondMember, marks the first read, and returns their ids. */
async function threeUnreadButFirst(server: ReferenceServer): Promise<number[]> {
  const member = server.personas.member as { userId: number };
  const ids: number[] = [];
  for (const content of ["one", "two", "three"]) {
    ids.push((await client(server, "secondMember")("POST", "/messages", { type: "private", to: [member.userId], content })).body.id as number);
  }
  await client(server, "member")("POST", "/messages/flags", { messages: [ids[0]], op: "add", flag: "read" });
  return ids;
}

describe("GET /messages use_first_unread_anchor (zulip.yaml get-messages: deprecated FL1, still honoured; fl153.messages.fetch-anchors)", () => {
  const servers: ReferenceServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));
  const start = async (featureLevel: number, product: "zulip" | "chat") => {
    const s = await createReferenceServer({ featureLevel, port: 0, product, heartbeatMs: 1000 });
    servers.push(s);
    return s;
  };

  for (const fl of [372, 153]) {
    describe(`--product zulip at FL${fl}`, () => {
      let server: ReferenceServer;
      let ids: number[];
      beforeAll(async () => {
        server = await start(fl, "zulip");
        ids = await threeUnreadButFirst(server);
      });

      it("use_first_unread_anchor=true without anchor is anchor=first_unread, and is not listed as unsupported", async () => {
        const narrow = [{ operator: fl >= 177 ? "dm" : "pm-with", operand: [server.personas.secondMember!.email] }];
        const r = await client(server, "member")("GET", "/messages", { use_first_unread_anchor: true, num_before: 0, num_after: 1, narrow });
        expect(r.status).toBe(200);
        expect(r.body.anchor).toBe(ids[1]);
        expect((r.body.messages as Array<{ id: number }>).map((m) => m.id)).toEqual([ids[1], ids[2]]);
        expect(r.body).not.toHaveProperty("ignored_parameters_unsupported");
      });

      it("use_first_unread_anchor=true wins over an anchor sent with it; =false leaves the anchor as sent", async () => {
        const narrow = [{ operator: fl >= 177 ? "dm" : "pm-with", operand: [server.personas.secondMember!.email] }];
        const both = await client(server, "member")("GET", "/messages", {
          use_first_unread_anchor: true,
          anchor: "oldest",
          num_before: 0,
          num_after: 0,
          narrow,
        });
        expect(both.body.anchor).toBe(ids[1]);
        expect(both.body).not.toHaveProperty("ignored_parameters_unsupported");
        const off = await client(server, "member")("GET", "/messages", {
          use_first_unread_anchor: false,
          anchor: "oldest",
          num_before: 0,
          num_after: 0,
          narrow,
        });
        expect(off.body.anchor).toBe(0);
        expect(off.body).not.toHaveProperty("ignored_parameters_unsupported");
      });
    });
  }

  it("--product zulip FL372 (zulip.yaml get-messages message_ids): with message_ids it is an unsupported combination, as the range parameters are", async () => {
    const server = await start(372, "zulip");
    const r = await client(server, "member")("GET", "/messages", { message_ids: [1], use_first_unread_anchor: true });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe("Unsupported parameter combination: message_ids, use_first_unread_anchor");
  });
});
