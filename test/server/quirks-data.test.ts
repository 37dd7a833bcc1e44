import { afterEach, describe, expect, it } from "vitest";
import { DATA_QUIRKS, type QuirkName } from "../../facts/quirks.ts";
import { createReferenceServer, ReferenceServerOptionError, type ReferenceServer } from "../../reference-server/server.ts";

/**
 * The data quirks of `createReferenceServer({ quirks })` (facts/quirks.ts), each met as a client meets it: through
 * GET /messages and POST /register as a persona, at a level that has it and, where the quirk is level-dated, at
 * one that does not. Every expectation names the request it came from.
 */

const opened: ReferenceServer[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

async function start(featureLevel: number, quirks: readonly QuirkName[], product: "chat" | "zulip" = "chat"): Promise<ReferenceServer> {
  const server = await createReferenceServer({ featureLevel, product, quirks, port: 0 });
  opened.push(server);
  return server;
}

type Json = Record<string, unknown>;
interface Msg {
  id: number;
  sender_id: number;
  subject: string;
  content: string;
  flags: string[];
  stream_id?: number;
}

/** One API call as a persona; a status other than `status` fails with the request and the answer. */
async function api(s: ReferenceServer, persona: string, method: string, path: string, params: Json = {}, status = 200): Promise<Json> {
  const who = s.personas[persona]!;
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) form.set(k, typeof v === "string" ? v : JSON.stringify(v));
  const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`${who.email}:${who.apiKey}`).toString("base64")}` };
  if (method !== "GET") headers["content-type"] = "application/x-www-form-urlencoded";
  const query = method === "GET" ? `?${form.toString()}` : "";
  const res = await fetch(`${s.url}/api/v1${path}${query}`, { method, headers, ...(method === "GET" ? {} : { body: form.toString() }) });
  const body = (await res.json()) as Json;
  const request = `${method} ${path} ${form.toString()} as ${persona}`;
  expect(res.status, `${request}: wanted ${status}, got ${res.status} ${JSON.stringify(body).slice(0, 300)}`).toBe(status);
  return body;
}

/** The persona's messages in a narrow, oldest first (GET /messages, anchor newest). */
async function messages(s: ReferenceServer, persona: string, narrow: Json[], extra: Json = {}): Promise<Msg[]> {
  const page = await api(s, persona, "GET", "/messages", { anchor: "newest", num_before: 100, num_after: 0, narrow, ...extra });
  return page.messages as Msg[];
}

const inTopic = (channel: string, topic: string): Json[] => [
  { operator: "stream", operand: channel },
  { operator: "topic", operand: topic },
];

/** client_capabilities as a client sends them: notification_settings_null always, the quirk's own on top. */
const CAPABILITIES = { notification_settings_null: true };

const HUMANS = ["owner", "administrator", "moderator", "member", "secondMember", "guest"];

describe("the quirks option", () => {
  it("names quirks of facts/quirks.ts: an unknown one is refused with the list; a wire quirk is the front's and changes nothing", async () => {
    await expect(createReferenceServer({ quirks: ["no-such-quirk"], port: 0 })).rejects.toThrow(ReferenceServerOptionError);
    await expect(createReferenceServer({ quirks: ["no-such-quirk"], port: 0 })).rejects.toThrow(
      /unknown quirk 'no-such-quirk' \(the quirks: rate-limit, .*huge-ids/,
    );
    const s = await start(372, ["latency", "queue-expiry"]);
    expect(s.quirkLog).toEqual([]);
    expect(await messages(s, "member", [])).toEqual([]);
  });

  it("every data quirk together: one log line each, every one applied but no-messages, which gives way and says so (FL372)", async () => {
    const s = await start(372, DATA_QUIRKS, "zulip");
    expect(s.quirkLog.map((l) => l.split(":")[0])).toEqual(DATA_QUIRKS.map((q) => `quirk ${q}`));
    expect(s.quirkLog[0]).toMatch(
      /^quirk no-messages: not applied: huge-ids, empty-topic, long-content, inaccessible-user, deactivated-senders, unsubscribed-history/,
    );
    for (const line of s.quirkLog.slice(1)) expect(line).not.toMatch(/nothing seeded/);
  });
});

it("a throw-away organization of the reference control starts with the same data quirks (FL372)", async () => {
  const s = await start(372, ["unsubscribed-history"]);
  // The control's factory is createReferenceServer: a sibling is a ReferenceServer, typed narrower to spare a cycle.
  const sibling = (await s.runtime.control.organizations.create({})) as ReferenceServer;
  expect(sibling.quirkLog.map((l) => l.split(":")[0])).toEqual(["quirk unsubscribed-history"]);
  expect(
    await messages(sibling, "member", [{ operator: "stream", operand: "retired-project" }]),
    "GET /messages stream retired-project in the sibling",
  ).toHaveLength(4);
});

describe.each([
  [153, "zulip"],
  [372, "zulip"],
  [372, "chat"],
] as const)("no-messages at FL%i (--product %s)", (level, product) => {
  it("no persona has a message: GET /messages is empty and found_newest, register's max_message_id -1 and nothing unread", async () => {
    const s = await start(level, ["no-messages"], product);
    expect(s.quirkLog).toEqual([
      `quirk no-messages: the personas have no messages${product === "zulip" ? " (the Welcome Bot's direct message withheld)" : ""}`,
    ]);
    for (const p of [...HUMANS, "bot"]) {
      const page = await api(s, p, "GET", "/messages", { anchor: "newest", num_before: 100, num_after: 0, narrow: [] });
      expect(page, `GET /messages as ${p}`).toMatchObject({ messages: [], found_newest: true, found_anchor: false });
      const reg = await api(s, p, "POST", "/register", { fetch_event_types: ["message", "update_message_flags"] });
      expect(reg.max_message_id, `POST /register as ${p}: max_message_id`).toBe(-1);
      expect((reg.unread_msgs as { count: number }).count, `POST /register as ${p}: unread_msgs.count`).toBe(0);
    }
    // The Welcome Bot itself is still there under --product zulip; only its message is withheld.
    const reg = await api(s, "member", "POST", "/register", { fetch_event_types: ["realm_user"] });
    expect((reg.cross_realm_bots as Json[]).map((b) => b.email)).toEqual(product === "zulip" ? ["welcome-bot@zulip.com"] : []);
  });
});

it("no-messages named with a quirk that seeds history gives way: the Welcome Bot's message and the history are there (FL372, --product zulip)", async () => {
  const s = await start(372, ["no-messages", "long-content"], "zulip");
  expect(s.quirkLog[0]).toBe("quirk no-messages: not applied: long-content seed history the personas read; name no-messages without them for an empty history");
  const dms = await messages(s, "member", [{ operator: "is", operand: "private" }]);
  expect(dms, "GET /messages is:private as member: the Welcome Bot's message").toHaveLength(1);
  expect(await messages(s, "member", inTopic("general", "long content"))).toHaveLength(3);
});

describe.each([153, 372])("huge-ids at FL%i", (level) => {
  it("the seeded history has ids above 2^31, ascending and at least 2^20 apart; register's max_message_id is the newest", async () => {
    const s = await start(level, ["huge-ids"]);
    const seeded = await messages(s, "member", inTopic("general", "huge ids"));
    const ids = seeded.map((m) => m.id);
    expect(ids, "GET /messages stream general topic 'huge ids' as member").toHaveLength(5);
    for (const [i, id] of ids.entries()) {
      expect(id, `message ${i}: an id above 2^31`).toBeGreaterThan(2 ** 31);
      expect(Number.isSafeInteger(id)).toBe(true);
      if (i > 0) expect(id - ids[i - 1]!, `gap before message ${i}`).toBeGreaterThanOrEqual(2 ** 20);
    }
    const reg = await api(s, "member", "POST", "/register", { fetch_event_types: ["message"] });
    expect(reg.max_message_id, "POST /register as member: max_message_id").toBe(ids.at(-1));
    // The same server twice gives the same ids: deterministic from the seed.
    const again = await start(level, ["huge-ids"]);
    expect((await messages(again, "member", inTopic("general", "huge ids"))).map((m) => m.id)).toEqual(ids);
  });

  it("a message sent, fetched, flagged, delivered as an event, edited and deleted keeps its huge id throughout", async () => {
    const s = await start(level, ["huge-ids"]);
    const newest = (await messages(s, "member", [])).at(-1)!.id;
    const queue = await api(s, "secondMember", "POST", "/register", { event_types: ["message"] });
    const sent = await api(s, "member", "POST", "/messages", { type: "stream", to: "general", topic: "after", content: "a new one" });
    const id = sent.id as number;
    expect(id - newest, "POST /messages: the new id follows the newest by a gap of at least 2^20").toBeGreaterThanOrEqual(2 ** 20);
    const events = await api(s, "secondMember", "GET", "/events", { queue_id: queue.queue_id, last_event_id: -1, dont_block: true });
    expect(
      (events.events as Array<{ type: string; message?: { id: number } }>).find((e) => e.type === "message")?.message?.id,
      "GET /events: the message event",
    ).toBe(id);
    const single = await api(s, "secondMember", "GET", `/messages/${id}`);
    expect((single.message as Msg).id, `GET /messages/${id}`).toBe(id);
    const around = await api(s, "secondMember", "GET", "/messages", { anchor: id, num_before: 1, num_after: 1, narrow: [] });
    expect(around.found_anchor, `GET /messages anchor ${id}`).toBe(true);
    expect((around.messages as Msg[]).map((m) => m.id)).toEqual([newest, id]);
    const unread = await api(s, "secondMember", "POST", "/register", { fetch_event_types: ["message", "update_message_flags"] });
    expect((unread.unread_msgs as { streams: Array<{ unread_message_ids: number[] }> }).streams.flatMap((g) => g.unread_message_ids)).toContain(id);
    await api(s, "secondMember", "POST", "/messages/flags", { messages: [id], op: "add", flag: "starred" });
    const starred = await messages(s, "secondMember", [{ operator: "is", operand: "starred" }]);
    expect(
      starred.map((m) => m.id),
      "GET /messages is:starred as secondMember",
    ).toEqual([id]);
    expect(starred[0]!.flags).toContain("starred");
    await api(s, "member", "PATCH", `/messages/${id}`, { content: "edited" });
    expect((await messages(s, "member", inTopic("general", "after")))[0]).toMatchObject({ id, content: "<p>edited</p>" });
    await api(s, "member", "DELETE", `/messages/${id}`);
    expect((await messages(s, "member", [])).at(-1)!.id, "GET /messages after DELETE: the newest is the seeded one again").toBe(newest);
    await api(s, "member", "GET", `/messages/${id}`, {}, 400);
  });
});

describe("empty-topic", () => {
  it("FL372: unread messages in the empty topic; register shows the topic as '' to a client with empty_topic_name, as the display name to one without", async () => {
    const s = await start(372, ["empty-topic"]);
    const seeded = await messages(s, "member", inTopic("general", ""), { allow_empty_topic_name: true });
    expect(
      seeded.map((m) => m.subject),
      "GET /messages stream general topic '' allow_empty_topic_name as member",
    ).toEqual(["", "", ""]);
    for (const m of seeded) expect(m.flags).not.toContain("read");
    const aware = await api(s, "member", "POST", "/register", {
      fetch_event_types: ["message", "update_message_flags", "realm"],
      client_capabilities: { ...CAPABILITIES, empty_topic_name: true },
    });
    const naive = await api(s, "member", "POST", "/register", {
      fetch_event_types: ["message", "update_message_flags", "realm"],
      client_capabilities: CAPABILITIES,
    });
    const topics = (reg: Json) => (reg.unread_msgs as { streams: Array<{ topic: string }> }).streams.map((g) => g.topic);
    expect(topics(aware), "POST /register with empty_topic_name: unread_msgs topics").toEqual([""]);
    expect(topics(naive), "POST /register without it: unread_msgs topics").toEqual([naive.realm_empty_topic_display_name]);
    expect(naive.realm_empty_topic_display_name).toBe("general chat");
    const shown = await messages(s, "member", inTopic("general", ""));
    expect(
      shown.map((m) => m.subject),
      "GET /messages without allow_empty_topic_name: the display name",
    ).toEqual(["general chat", "general chat", "general chat"]);
  });

  it("FL333, the level before the empty topic: nothing is seeded, and the log says why", async () => {
    const s = await start(333, ["empty-topic"]);
    expect(s.quirkLog).toEqual(["quirk empty-topic: nothing seeded at FL 333: the empty topic exists from FL 334"]);
    expect(await messages(s, "member", [{ operator: "stream", operand: "general" }]), "GET /messages stream general as member").toEqual([]);
  });
});

describe.each([153, 372])("long-content at FL%i", (level) => {
  it("messages exactly max_message_length code points long, one with more UTF-16 units than that", async () => {
    const s = await start(level, ["long-content"]);
    const reg = await api(s, "member", "POST", "/register", { fetch_event_types: ["realm"] });
    const max = reg.max_message_length as number;
    expect(max).toBe(10_000);
    const raw = await messages(s, "member", inTopic("general", "long content"), { apply_markdown: false });
    expect(raw, "GET /messages stream general topic 'long content' apply_markdown false").toHaveLength(3);
    for (const m of raw) {
      expect([...m.content].length, `message ${m.id}: code points`).toBe(max);
      expect(m.content.trim()).toBe(m.content);
    }
    expect(
      raw.some((m) => m.content.length > max),
      "one message counts more UTF-16 units than code points",
    ).toBe(true);
    const rendered = await messages(s, "member", inTopic("general", "long content"));
    for (const m of rendered) expect(m.content.startsWith("<p>"), `message ${m.id} rendered`).toBe(true);
  });
});

describe("inaccessible-user", () => {
  it("FL372: the guest reads messages in lounge from a user it cannot access; a member can", async () => {
    const s = await start(372, ["inaccessible-user"]);
    const seeded = await messages(s, "guest", inTopic("lounge", "from someone you cannot see"));
    expect(seeded, "GET /messages stream lounge as guest").toHaveLength(3);
    const senderId = seeded[0]!.sender_id;
    expect(new Set(seeded.map((m) => m.sender_id))).toEqual(new Set([senderId]));
    const members = await api(s, "owner", "GET", "/users");
    const everyone = (members.members as Json[]).find((u) => u.user_id === senderId);
    expect(everyone, "GET /users as owner: the sender").toMatchObject({ full_name: "Ivy Inaccessible", is_active: true });
    const realm = await api(s, "guest", "POST", "/register", {
      fetch_event_types: ["realm", "realm_user"],
      client_capabilities: { ...CAPABILITIES, user_list_incomplete: true },
    });
    const groups = await api(s, "owner", "GET", "/user_groups");
    const membersGroup = (groups.user_groups as Json[]).find((g) => g.name === "role:members")!.id;
    expect(realm.realm_can_access_all_users_group_id, "POST /register as guest: realm_can_access_all_users_group_id (the spec's name)").toBe(membersGroup);
    const placeholder = (realm.realm_users as Json[]).find((u) => u.user_id === senderId);
    expect(placeholder, "POST /register as guest with user_list_incomplete: the sender as a placeholder").toMatchObject({ full_name: "Unknown user" });
    const naive = await api(s, "guest", "POST", "/register", { fetch_event_types: ["realm_user"], client_capabilities: CAPABILITIES });
    expect(
      (naive.realm_users as Json[]).map((u) => u.user_id),
      "POST /register as guest without user_list_incomplete: the sender absent",
    ).not.toContain(senderId);
    const member = await api(s, "member", "POST", "/register", { fetch_event_types: ["realm_user"] });
    expect(
      (member.realm_users as Json[]).find((u) => u.user_id === senderId),
      "POST /register as member: the sender",
    ).toMatchObject({ full_name: "Ivy Inaccessible" });
  });

  it("FL224, the level before restricted access: nothing is seeded, and the log says why", async () => {
    const s = await start(224, ["inaccessible-user"]);
    expect(s.quirkLog).toEqual(["quirk inaccessible-user: nothing seeded at FL 224: access to users is restricted from FL 225"]);
    expect(await messages(s, "guest", [{ operator: "stream", operand: "lounge" }])).toEqual([]);
  });
});

describe.each([153, 372])("deactivated-senders at FL%i", (level) => {
  it("messages in general from two users register lists among the non-active users, not the active ones", async () => {
    const s = await start(level, ["deactivated-senders"]);
    const seeded = await messages(s, "member", inTopic("general", "farewell"));
    expect(seeded, "GET /messages stream general topic farewell as member").toHaveLength(3);
    const senders = [...new Set(seeded.map((m) => m.sender_id))];
    expect(senders).toHaveLength(2);
    const reg = await api(s, "member", "POST", "/register", { fetch_event_types: ["realm_user"] });
    const active = (reg.realm_users as Json[]).map((u) => u.user_id);
    const inactive = reg.realm_non_active_users as Json[];
    for (const id of senders) {
      expect(active, `POST /register: sender ${id} not among realm_users`).not.toContain(id);
      expect(
        inactive.find((u) => u.user_id === id),
        `POST /register: sender ${id} in realm_non_active_users`,
      ).toMatchObject({ is_active: false });
    }
  });
});

describe.each([153, 372])("unsubscribed-history at FL%i", (level) => {
  it("a public channel no persona is subscribed to, in never_subscribed, whose history reads as historical", async () => {
    const s = await start(level, ["unsubscribed-history"]);
    for (const p of ["owner", "member", "moderator"]) {
      const reg = await api(s, p, "POST", "/register", { fetch_event_types: ["subscription"] });
      const names = (list: unknown) => (list as Array<{ name: string }>).map((c) => c.name);
      expect(names(reg.subscriptions), `POST /register as ${p}: subscriptions`).not.toContain("retired-project");
      expect(names(reg.never_subscribed), `POST /register as ${p}: never_subscribed`).toContain("retired-project");
      const history = await messages(s, p, [{ operator: "stream", operand: "retired-project" }]);
      expect(history, `GET /messages stream retired-project as ${p}`).toHaveLength(4);
      for (const m of history) expect(m.flags).toEqual(["read", "historical"]);
      // Not in the persona's own messages: it received none of them.
      expect(await messages(s, p, []), `GET /messages (no narrow) as ${p}`).toEqual([]);
    }
  });
});
