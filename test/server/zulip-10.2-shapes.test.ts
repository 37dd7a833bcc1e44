import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

type Json = Record<string, unknown>;

/** Raw HTTP as a real Zulip client speaks it: Basic auth, form bodies, JSON-encoded non-string values. */
function client(server: ReferenceServer, role: string) {
  const p = server.personas[role as keyof typeof server.personas]!;
  const auth = { authorization: `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}` };
  return async (method: string, path: string, params: Record<string, unknown> = {}): Promise<Json> => {
    const form = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]));
    const url = `${server.url}/api/v1${path}${method === "GET" ? `?${form}` : ""}`;
    const headers: Record<string, string> = method === "GET" ? auth : { ...auth, "content-type": "application/x-www-form-urlencoded" };
    const res = await fetch(url, { method, headers, ...(method === "GET" ? {} : { body: form }) });
    return (await res.json()) as Json;
  };
}

/** A server of the product at the level, and a queue of the administrator's for the event types. */
async function serve(product: "zulip" | "chat", featureLevel: number): Promise<ReferenceServer> {
  return createReferenceServer({ featureLevel, port: 0, product, heartbeatMs: 1000 });
}

async function eventsAfter(server: ReferenceServer, eventTypes: string[], action: (admin: ReturnType<typeof client>) => Promise<unknown>): Promise<Json[]> {
  const admin = client(server, "administrator");
  const queue = await admin("POST", "/register", { event_types: eventTypes });
  await action(admin);
  return (await admin("GET", "/events", { queue_id: queue.queue_id, last_event_id: -1, dont_block: true })).events as Json[];
}

async function createChannel(admin: ReturnType<typeof client>, name: string): Promise<number> {
  await admin("POST", "/users/me/subscriptions", { subscriptions: [{ name }] });
  return (await admin("GET", "/get_stream_id", { stream: name })).stream_id as number;
}

describe.each([
  { product: "zulip", level: 372, name: "can_remove_subscribers_group", gone: "can_remove_subscribers_group_id" },
  { product: "zulip", level: 197, name: "can_remove_subscribers_group", gone: "can_remove_subscribers_group_id" },
  { product: "zulip", level: 196, name: "can_remove_subscribers_group_id", gone: "can_remove_subscribers_group" },
  { product: "chat", level: 372, name: "can_remove_subscribers_group_id", gone: "can_remove_subscribers_group" },
] as const)("FL197: can_remove_subscribers_group replaces can_remove_subscribers_group_id ($product at FL$level: $name)", ({ product, level, name, gone }) => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await serve(product, level);
  });
  afterAll(() => server.close());

  it("in stream/create, subscription/add, stream/update's property, GET /streams, GET /streams/{id}, GET /users/me/subscriptions", async () => {
    let id = 0;
    const groups = (await client(server, "administrator")("GET", "/user_groups")).user_groups as Json[];
    const moderators = groups.find((g) => g.name === "role:moderators")!.id;
    const events = await eventsAfter(server, ["stream", "subscription"], async (admin) => {
      id = await createChannel(admin, "renamed-setting");
      await admin("PATCH", `/streams/${id}`, { [name]: level >= 320 ? { new: moderators } : moderators });
    });
    const created = events.find((e) => e.type === "stream" && e.op === "create")!;
    expect((created.streams as Json[])[0]).toHaveProperty(name);
    expect((created.streams as Json[])[0]).not.toHaveProperty(gone);
    const added = events.find((e) => e.type === "subscription" && e.op === "add")!;
    expect((added.subscriptions as Json[])[0]).toHaveProperty(name);
    expect((added.subscriptions as Json[])[0]).not.toHaveProperty(gone);
    expect(events).toContainEqual(expect.objectContaining({ type: "stream", op: "update", stream_id: id, property: name }));
    const admin = client(server, "administrator");
    const listed = ((await admin("GET", "/streams")).streams as Json[]).find((s) => s.stream_id === id)!;
    const one = (await admin("GET", `/streams/${id}`)).stream as Json;
    const sub = ((await admin("GET", "/users/me/subscriptions")).subscriptions as Json[]).find((s) => s.stream_id === id)!;
    for (const c of [listed, one, sub]) {
      expect(c).toHaveProperty(name);
      expect(c).not.toHaveProperty(gone);
    }
    expect(one[name]).toBe(moderators);
  });

  it("--product zulip takes the setting under that name alone (the other is ignored); the default product takes both", async () => {
    const admin = client(server, "administrator");
    const id = await createChannel(admin, "renamed-param");
    const groups = (await admin("GET", "/user_groups")).user_groups as Json[];
    const members = groups.find((g) => g.name === "role:members")!.id;
    const answer = await admin("PATCH", `/streams/${id}`, { [gone]: level >= 320 ? { new: members } : members });
    const now = ((await admin("GET", `/streams/${id}`)).stream as Json)[name];
    if (product === "zulip") {
      expect(answer.ignored_parameters_unsupported).toEqual([gone]);
      expect(now).not.toBe(members);
    } else {
      expect(answer.ignored_parameters_unsupported ?? []).toEqual([]);
      expect(now).toBe(members);
    }
  });
});

describe("Zulip 10.2's realm settings at FL372 (--product zulip), the spec's under the default product", () => {
  let zulip: ReferenceServer;
  let chat: ReferenceServer;
  beforeAll(async () => {
    [zulip, chat] = await Promise.all([serve("zulip", 372), serve("chat", 372)]);
  });
  afterAll(() => Promise.all([zulip.close(), chat.close()]));

  it("FL225: register says realm_can_access_all_users_group (never …_id); FL299: no user_group_edit_policy", async () => {
    const reg = await client(zulip, "member")("POST", "/register", { fetch_event_types: ["realm"] });
    expect(reg).toHaveProperty("realm_can_access_all_users_group");
    expect(reg).not.toHaveProperty("realm_can_access_all_users_group_id");
    expect(reg).not.toHaveProperty("user_group_edit_policy");
    const spec = await client(chat, "member")("POST", "/register", { fetch_event_types: ["realm"] });
    expect(spec).toHaveProperty("realm_can_access_all_users_group_id");
    expect(spec).toHaveProperty("user_group_edit_policy");
  });

  it("FL162: move_messages_*_limit_seconds and message_content_delete_limit_seconds arrive as realm/update; allow_message_editing as update_dict", async () => {
    const events = await eventsAfter(zulip, ["realm"], async (admin) => {
      await admin("PATCH", "/realm", {
        move_messages_within_stream_limit_seconds: 3600,
        move_messages_between_streams_limit_seconds: 7200,
        message_content_delete_limit_seconds: 60,
        allow_message_editing: false,
      });
      await admin("PATCH", "/realm", {
        move_messages_within_stream_limit_seconds: 604_800,
        move_messages_between_streams_limit_seconds: 604_800,
        message_content_delete_limit_seconds: null,
        allow_message_editing: true,
      });
    });
    for (const property of [
      "move_messages_within_stream_limit_seconds",
      "move_messages_between_streams_limit_seconds",
      "message_content_delete_limit_seconds",
    ]) {
      expect(events).toContainEqual(expect.objectContaining({ type: "realm", op: "update", property }));
    }
    const dicts = events.filter((e) => e.op === "update_dict");
    expect(dicts.map((e) => Object.keys(e.data as Json))).toEqual([["allow_message_editing"], ["allow_message_editing"]]);
    const spec = await eventsAfter(chat, ["realm"], (admin) => admin("PATCH", "/realm", { move_messages_within_stream_limit_seconds: 3600 }));
    expect(spec).toContainEqual(expect.objectContaining({ op: "update_dict", data: { move_messages_within_stream_limit_seconds: 3600 } }));
  });

  it("FL225: a change of can_access_all_users_group arrives in update_dict under that name", async () => {
    const groups = (await client(zulip, "owner")("GET", "/user_groups")).user_groups as Json[];
    const members = groups.find((g) => g.name === "role:members")!.id;
    const everyone = groups.find((g) => g.name === "role:everyone")!.id;
    const owner = client(zulip, "owner");
    const queue = await owner("POST", "/register", { event_types: ["realm"] });
    expect((await owner("PATCH", "/realm", { can_access_all_users_group: members })).result).toBe("success");
    expect((await owner("PATCH", "/realm", { can_access_all_users_group: everyone })).result).toBe("success");
    const events = (await owner("GET", "/events", { queue_id: queue.queue_id, last_event_id: -1, dont_block: true })).events as Json[];
    expect(events.filter((e) => e.op === "update_dict").map((e) => e.data)).toEqual([
      { can_access_all_users_group: members },
      { can_access_all_users_group: everyone },
    ]);
  });

  it('FL358: message_edit_history_visibility_policy is "all", "moves" or "none" in PATCH /realm, realm/update and register', async () => {
    const events = await eventsAfter(zulip, ["realm"], async (admin) => {
      expect((await admin("PATCH", "/realm", { message_edit_history_visibility_policy: "moves" })).result).toBe("success");
      expect((await client(zulip, "member")("POST", "/register", { fetch_event_types: ["realm"] })).realm_message_edit_history_visibility_policy).toBe("moves");
      expect(await admin("PATCH", "/realm", { message_edit_history_visibility_policy: 2 })).toMatchObject({ result: "error", code: "BAD_REQUEST" });
      expect((await admin("PATCH", "/realm", { message_edit_history_visibility_policy: "all" })).result).toBe("success");
    });
    expect(events.filter((e) => e.property === "message_edit_history_visibility_policy").map((e) => e.value)).toEqual(["moves", "all"]);
    const spec = await client(chat, "member")("POST", "/register", { fetch_event_types: ["realm"] });
    expect(spec.realm_message_edit_history_visibility_policy).toBe(1);
  });

  it("realm_bot/add carries the bot's api_key and an outgoing-webhook bot's service (the spec's product: services [])", async () => {
    const bot = { full_name: "Hook", short_name: "hook", bot_type: 3, payload_url: JSON.stringify("https://hooks.example.org/x"), interface_type: 1 };
    const events = await eventsAfter(zulip, ["realm_bot"], (admin) => admin("POST", "/bots", bot));
    const added = events.find((e) => e.type === "realm_bot" && e.op === "add")!.bot as Json;
    expect(added.api_key).toEqual(expect.any(String));
    expect(added.services).toEqual([{ base_url: "https://hooks.example.org/x", interface: 1, token: expect.any(String) }]);
    const spec = await eventsAfter(chat, ["realm_bot"], (admin) => admin("POST", "/bots", bot));
    const specBot = spec.find((e) => e.type === "realm_bot" && e.op === "add")!.bot as Json;
    expect(specBot).not.toHaveProperty("api_key");
    expect(specBot.services).toEqual([]);
  });
});

describe.each([
  { level: 372, anonymous: true },
  { level: 313, anonymous: false },
])("FL314: can_access_all_users_group takes a group-setting value, before a group id (--product zulip at FL$level)", ({ level, anonymous }) => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await serve("zulip", level);
  });
  afterAll(() => server.close());

  it(anonymous ? "an anonymous group is taken, kept and announced" : "an anonymous group is refused", async () => {
    const owner = client(server, "owner");
    const groups = (await owner("GET", "/user_groups")).user_groups as Json[];
    const admins = groups.find((g) => g.name === "role:administrators")!.id;
    const everyone = groups.find((g) => g.name === "role:everyone")!.id;
    const value = { direct_members: [server.personas.member!.userId], direct_subgroups: [admins] };
    const queue = await owner("POST", "/register", { event_types: ["realm"] });
    const answer = await owner("PATCH", "/realm", { can_access_all_users_group: { new: value } });
    if (!anonymous) {
      expect(answer).toMatchObject({ result: "error", code: "BAD_REQUEST" });
      return;
    }
    expect(answer.result).toBe("success");
    expect((await owner("POST", "/register", { fetch_event_types: ["realm"] })).realm_can_access_all_users_group).toEqual(value);
    // The member in the anonymous group still lists every user; the guest outside it does not.
    const all = ((await client(server, "member")("GET", "/users")).members as Json[]).length;
    expect(((await client(server, "guest")("GET", "/users")).members as Json[]).length).toBeLessThan(all);
    expect((await owner("PATCH", "/realm", { can_access_all_users_group: { new: everyone } })).result).toBe("success");
    const events = (await owner("GET", "/events", { queue_id: queue.queue_id, last_event_id: -1, dont_block: true })).events as Json[];
    expect(events.filter((e) => e.op === "update_dict").map((e) => e.data)).toEqual([
      { can_access_all_users_group: value },
      { can_access_all_users_group: everyone },
    ]);
  });
});

describe("FL225–325: server_supported_permission_settings names can_access_all_users_group's id field can_access_all_users_group_id (--product zulip)", () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await serve("zulip", 300);
  });
  afterAll(() => server.close());

  it("under the setting's real name, with the real id field name", async () => {
    const reg = await client(server, "member")("POST", "/register", { fetch_event_types: ["realm"] });
    const realm = (reg.server_supported_permission_settings as { realm: Record<string, Json> }).realm;
    expect(realm).not.toHaveProperty("can_access_all_users_group_id");
    expect(realm.can_access_all_users_group!.id_field_name).toBe("can_access_all_users_group_id");
    expect(realm.can_create_groups!.id_field_name).toBe("can_create_groups_id");
  });
});

describe.each([
  {
    level: 372,
    has: ["can_mention_group", "can_manage_group", "can_join_group", "can_leave_group", "can_remove_members_group"],
    lacks: ["can_mention_group_id"],
  },
  {
    level: 300,
    has: ["can_mention_group", "can_manage_group"],
    lacks: ["can_join_group", "can_leave_group", "can_remove_members_group", "can_mention_group_id"],
  },
  { level: 197, has: ["can_mention_group_id"], lacks: ["can_mention_group", "can_manage_group"] },
  { level: 153, has: [], lacks: ["can_mention_group", "can_mention_group_id", "can_manage_group"] },
])(
  "user_group/add: group settings by the level Zulip added each (FL191 can_mention_group_id, FL198 can_mention_group, FL283 can_manage_group, FL301 can_join_group, FL308 can_leave_group, FL324 can_remove_members_group) at FL$level",
  ({ level, has, lacks }) => {
    let server: ReferenceServer;
    beforeAll(async () => {
      server = await serve("zulip", level);
    });
    afterAll(() => server.close());

    it("the added group and GET /user_groups carry them", async () => {
      const admin = client(server, "administrator");
      const me = server.personas.administrator!.userId;
      const events = await eventsAfter(server, ["user_group"], () => admin("POST", "/user_groups/create", { name: "shaped", description: "d", members: [me] }));
      const group = events.find((e) => e.type === "user_group" && e.op === "add")!.group as Json;
      const listed = ((await admin("GET", "/user_groups")).user_groups as Json[]).find((g) => g.name === "shaped")!;
      for (const g of [group, listed]) {
        for (const k of has) expect(g).toHaveProperty(k);
        for (const k of lacks) expect(g).not.toHaveProperty(k);
      }
      if (level >= 283) expect(group.can_manage_group).toEqual({ direct_members: [me], direct_subgroups: [] });
      // System groups cannot be mentioned (zulip.yaml: before FL191 groups could be mentioned only if not system groups).
      const system = ((await admin("GET", "/user_groups")).user_groups as Json[]).find((g) => g.name === "role:members")!;
      const nobody = ((await admin("GET", "/user_groups")).user_groups as Json[]).find((g) => g.name === "role:nobody")!.id;
      const everyone = ((await admin("GET", "/user_groups")).user_groups as Json[]).find((g) => g.name === "role:everyone")!.id;
      for (const k of ["can_mention_group", "can_mention_group_id"].filter((n) => has.includes(n))) {
        expect(system[k]).toBe(nobody);
        expect(group[k]).toBe(everyone);
      }
    });
  },
);
