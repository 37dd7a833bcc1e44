import { describe, expect, it } from "vitest";
import { serversPerTest } from "../support/reference-servers.ts";

/**
 * What a new account on a real server starts with, under --product zulip (the spec states none of it, so the
 * default product starts without): the Welcome Bot's direct message, unread, from a system bot listed in
 * register's cross_realm_bots and in no listing of the organization; and the organization's default channels.
 */
const start = serversPerTest();

type Who = { email: string; apiKey: string; userId: number };
async function call(url: string, who: Who, method: string, path: string, params: Record<string, unknown> = {}) {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) form.set(k, typeof v === "string" ? v : JSON.stringify(v));
  const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`${who.email}:${who.apiKey}`).toString("base64")}` };
  if (method !== "GET") headers["content-type"] = "application/x-www-form-urlencoded";
  const query = method === "GET" ? `?${form.toString()}` : "";
  const res = await fetch(`${url}/api/v1${path}${query}`, { method, headers, ...(method === "GET" ? {} : { body: form.toString() }) });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

interface Msg {
  id: number;
  sender_id: number;
  sender_email: string;
  sender_full_name: string;
  sender_realm_str: string;
  client: string;
  flags: string[];
  display_recipient: Array<{ id: number }>;
}

const HUMANS = ["owner", "administrator", "moderator", "member", "secondMember", "guest"];

async function welcomed(url: string, personas: Record<string, Who>) {
  for (const p of HUMANS) {
    const who = personas[p]!;
    const page = await call(url, who, "GET", "/messages", { anchor: "newest", num_before: 10, num_after: 0, narrow: [{ operator: "is", operand: "private" }] });
    const messages = page.messages as Msg[];
    expect(messages, p).toHaveLength(1);
    const m = messages[0]!;
    expect(m).toMatchObject({ sender_email: "welcome-bot@zulip.com", sender_full_name: "Welcome Bot", sender_realm_str: "zulipinternal", client: "Internal" });
    expect(m.flags).not.toContain("read");
    expect(m.display_recipient.map((r) => r.id).sort((a, b) => a - b)).toEqual([m.sender_id, who.userId].sort((a, b) => a - b));
  }
}

describe.each([153, 372])("--product zulip at FL%i", (level) => {
  it("each person's history starts with the Welcome Bot's unread direct message; bots get none", async () => {
    const s = await start(level, "zulip");
    await welcomed(s.url, s.personas);
    const bot = await call(s.url, s.personas.bot!, "GET", "/messages", {
      anchor: "newest",
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: "is", operand: "private" }],
    });
    expect(bot.messages).toEqual([]);
  });

  it("register: the DM is in unread_msgs, the Welcome Bot in cross_realm_bots (is_system_bot) and not in realm_users", async () => {
    const s = await start(level, "zulip");
    const member = s.personas.member!;
    const reg = await call(s.url, member, "POST", "/register", { fetch_event_types: ["realm_user", "message", "update_message_flags"] });
    const bots = reg.cross_realm_bots as Array<Record<string, unknown>>;
    expect(bots).toHaveLength(1);
    expect(bots[0]).toMatchObject({ email: "welcome-bot@zulip.com", full_name: "Welcome Bot", is_bot: true, is_system_bot: true, bot_owner_id: null });
    const botId = bots[0]!.user_id as number;
    expect((reg.realm_users as Array<{ user_id: number }>).map((u) => u.user_id)).not.toContain(botId);
    const unread = reg.unread_msgs as { count: number; pms: Array<Record<string, unknown>> };
    expect(unread.count).toBe(1);
    expect(unread.pms).toHaveLength(1);
    expect(unread.pms[0]).toMatchObject(level >= 119 ? { other_user_id: botId } : { sender_id: botId });
    const users = await call(s.url, member, "GET", "/users");
    expect((users.members as Array<{ user_id: number }>).map((u) => u.user_id)).not.toContain(botId);
    // The conversation narrows by the bot's id and email, as any other.
    const dmOp = level >= 177 ? "dm" : "pm-with";
    for (const operand of [[botId], "welcome-bot@zulip.com"]) {
      const page = await call(s.url, member, "GET", "/messages", { anchor: "newest", num_before: 5, num_after: 0, narrow: [{ operator: dmOp, operand }] });
      expect((page.messages as Msg[]).map((m) => m.sender_id)).toEqual([botId]);
    }
  });

  it("a reply to the Welcome Bot is sent like any direct message and joins the conversation", async () => {
    const s = await start(level, "zulip");
    const member = s.personas.member!;
    const reg = await call(s.url, member, "POST", "/register", { fetch_event_types: ["realm_user"] });
    const botId = (reg.cross_realm_bots as Array<{ user_id: number }>)[0]!.user_id;
    const sent = await call(s.url, member, "POST", "/messages", { type: "private", to: [botId], content: "thanks" });
    const dmOp = level >= 177 ? "dm" : "pm-with";
    const page = await call(s.url, member, "GET", "/messages", {
      anchor: "newest",
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: dmOp, operand: [botId] }],
    });
    expect((page.messages as Msg[]).map((m) => m.sender_id)).toEqual([botId, member.userId]);
    expect((page.messages as Msg[])[1]!.id).toBe(sent.id);
  });

  it("a throw-away organization of the reference control is welcomed too", async () => {
    const s = await start(level, "zulip");
    const sibling = await s.runtime.control.organizations.create({});
    await welcomed(sibling.url, sibling.personas);
  });
});

describe.each([153, 372])("the default product at FL%i", (level) => {
  it("starts without the Welcome Bot: no direct messages, cross_realm_bots empty", async () => {
    const s = await start(level, "chat");
    const member = s.personas.member!;
    const page = await call(s.url, member, "GET", "/messages", { anchor: "newest", num_before: 10, num_after: 0 });
    expect(page.messages).toEqual([]);
    const reg = await call(s.url, member, "POST", "/register", { fetch_event_types: ["realm_user"] });
    expect(reg.cross_realm_bots).toEqual([]);
  });
});
