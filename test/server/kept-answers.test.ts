import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

/**
 * GET /messages answers repeated reads from what it kept (http/dispatch.ts, http/answer-cache.ts): the same read gives
 * the same bytes, and whatever changes state — a request, a write past the wire layer that says so — shows in the
 * next answer.
 */
let server: ReferenceServer;
const basic = (u: { email: string; apiKey: string }) => `Basic ${Buffer.from(`${u.email}:${u.apiKey}`).toString("base64")}`;

beforeAll(async () => {
  server = await createReferenceServer({ heartbeatMs: 200 });
});
afterAll(() => server.close());

async function call(auth: string, method: "GET" | "POST", path: string, body?: Record<string, string>): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: body ? new URLSearchParams(body) : undefined,
  });
  return { status: res.status, text: await res.text() };
}

const unreadPage = `/messages?anchor=newest&num_before=50&num_after=0&narrow=${encodeURIComponent(JSON.stringify([{ operator: "is", operand: "unread" }]))}`;
type Page = { messages: { id: number; content: string; flags: string[] }[] };
const ids = (text: string) => (JSON.parse(text) as Page).messages.map((m) => m.id);

describe("kept answers of GET /messages", () => {
  it("repeat the same bytes, per user, until state changes", async () => {
    const member = basic(server.personas.member!);
    const other = basic(server.personas.secondMember!);
    const sent = await call(other, "POST", "/messages", { type: "stream", to: "general", topic: "kept", content: "first" });
    const first = JSON.parse(sent.text) as { id: number };
    const a = await call(member, "GET", unreadPage);
    const b = await call(member, "GET", unreadPage);
    const c = await call(member, "GET", unreadPage);
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(c.text).toBe(a.text);
    expect(ids(a.text)).toContain(first.id);
    // Another user's same read is that user's own answer: the sender has read its own message.
    expect(ids((await call(other, "GET", unreadPage)).text)).not.toContain(first.id);
    expect(ids((await call(other, "GET", unreadPage)).text)).not.toContain(first.id);

    // A new message, then a flag change: each shows in the next answer.
    const second = JSON.parse((await call(other, "POST", "/messages", { type: "stream", to: "general", topic: "kept", content: "second" })).text) as {
      id: number;
    };
    expect(ids((await call(member, "GET", unreadPage)).text)).toEqual(expect.arrayContaining([first.id, second.id]));
    await call(member, "POST", "/messages/flags", { messages: JSON.stringify([first.id]), op: "add", flag: "read" });
    const after = ids((await call(member, "GET", unreadPage)).text);
    expect(after).toContain(second.id);
    expect(after).not.toContain(first.id);
    expect(ids((await call(member, "GET", unreadPage)).text)).toEqual(after);
  });

  it("follow an edit of a message already served", async () => {
    const member = basic(server.personas.member!);
    const sent = JSON.parse((await call(member, "POST", "/messages", { type: "stream", to: "general", topic: "kept edit", content: "before" })).text) as {
      id: number;
    };
    const page = `/messages?anchor=${sent.id}&num_before=0&num_after=0`;
    for (let i = 0; i < 3; i++) expect((JSON.parse((await call(member, "GET", page)).text) as Page).messages[0]!.content).toContain("before");
    const edited = await fetch(`${server.url}/api/v1/messages/${sent.id}`, {
      method: "PATCH",
      headers: { authorization: member, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ content: "after" }),
    });
    expect(edited.status, await edited.text()).toBe(200);
    expect((JSON.parse((await call(member, "GET", page)).text) as Page).messages[0]!.content).toContain("after");
  });

  it("are dropped when the store is written directly and the writer says so", async () => {
    const member = server.personas.member!;
    const auth = basic(member);
    const before = (await call(auth, "GET", unreadPage)).text;
    expect((await call(auth, "GET", unreadPage)).text).toBe(before);
    const { store } = server.runtime;
    const unread = ids(before);
    for (const id of unread) store.flags.set(member.userId, id, "read", true);
    store.fragments.invalidate();
    expect(ids((await call(auth, "GET", unreadPage)).text)).toEqual([]);
  });
});
