import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

/**
 * GET /messages narrowed by `id` (wire §14) reads that one message rather than walking the user's history: the same
 * answers as a walk would give — the message when the user has it, nothing for an id the user never received or
 * that does not exist, the found_ flags of a range that holds one message at most, and a negated `id` still the rest.
 */
let server: ReferenceServer;
const basic = (u: { email: string; apiKey: string }) => `Basic ${Buffer.from(`${u.email}:${u.apiKey}`).toString("base64")}`;

beforeAll(async () => {
  server = await createReferenceServer({});
});
afterAll(() => server.close());

interface Page {
  messages: { id: number }[];
  found_anchor?: boolean;
  found_oldest: boolean;
  found_newest: boolean;
}

async function call(auth: string, method: "GET" | "POST", path: string, body?: Record<string, string>): Promise<Page & { id: number }> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: body ? new URLSearchParams(body) : undefined,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Page & { id: number };
}

const page = (narrow: unknown[], anchor: string | number, before: number, after: number) =>
  `/messages?anchor=${anchor}&num_before=${before}&num_after=${after}&narrow=${encodeURIComponent(JSON.stringify(narrow))}`;

describe("GET /messages narrowed by id", () => {
  it("gives the one message, with the flags of a range that holds nothing else", async () => {
    const member = basic(server.personas.member!);
    const other = basic(server.personas.secondMember!);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await call(other, "POST", "/messages", { type: "stream", to: "general", topic: "by id", content: `n${i}` })).id);
    const mid = ids[2]!;
    const exact = await call(member, "GET", page([{ operator: "id", operand: mid }], mid, 0, 0));
    expect(exact.messages.map((m) => m.id)).toEqual([mid]);
    expect(exact).toMatchObject({ found_anchor: true, found_oldest: true, found_newest: true });
    const around = await call(member, "GET", page([{ operator: "id", operand: mid }], "newest", 10, 10));
    expect(around.messages.map((m) => m.id)).toEqual([mid]);
    expect(around).toMatchObject({ found_oldest: true, found_newest: true });
    // Beside a channel term the channel's index is read, and the answer is the same.
    const inChannel = await call(
      member,
      "GET",
      page(
        [
          { operator: "channel", operand: "general" },
          { operator: "id", operand: mid },
        ],
        mid,
        3,
        3,
      ),
    );
    expect(inChannel.messages.map((m) => m.id)).toEqual([mid]);
    // Negated: every other message of the topic.
    const rest = await call(
      member,
      "GET",
      page(
        [
          { operator: "topic", operand: "by id" },
          { operator: "id", operand: mid, negated: true },
        ],
        "newest",
        10,
        0,
      ),
    );
    expect(rest.messages.map((m) => m.id)).toEqual(ids.filter((id) => id !== mid));
  });

  it("gives nothing for an id that does not exist or that the user never received", async () => {
    const member = basic(server.personas.member!);
    const owner = basic(server.personas.owner!);
    const admin = server.personas.administrator!;
    const dm = await call(owner, "POST", "/messages", { type: "direct", to: JSON.stringify([admin.userId]), content: "not for the member" });
    for (const id of [dm.id, 1_999_999_999]) {
      const got = await call(member, "GET", page([{ operator: "id", operand: id }], id, 0, 0));
      expect(got.messages).toEqual([]);
      expect(got).toMatchObject({ found_anchor: false, found_oldest: true, found_newest: true });
    }
  });
});
