import { describe, expect, it } from "vitest";
import { catalog } from "../../../src/catalog/catalog.ts";
import type { AnyEvent } from "../../../src/schemas/events/envelope.ts";
import { differences } from "../../../src/expect/state/compare.ts";
import { eventCoverage } from "../../../src/expect/state/coverage.ts";
import type { ClientState, ReduceContext } from "../../../src/expect/state/model.ts";
import { eventKey, modelReduces, reduceAll, REDUCERS, sectionsOf } from "../../../src/expect/state/reducers.ts";

/** Each reducer against a hand-made register snapshot and event; where a level changed the format, both formats. */

const ME = 11;
function ctx(
  fl = 372,
  capabilities: Record<string, boolean> = { user_list_incomplete: true },
  product: "chat" | "zulip" = "chat",
): ReduceContext & { unknown: Set<string> } {
  const unknown = new Set<string>();
  return { userId: ME, fl, product, capabilities, unknowable: (p) => void unknown.add(p), unknown };
}
let nextId = 0;
const ev = (type: string, fields: Record<string, unknown> = {}): AnyEvent => ({ id: nextId++, type, ...fields });
const apply = (state: ClientState, events: AnyEvent[], c = ctx()) => reduceAll(state, events, c).state;
/** The reduced state equals the expected one as the invariant compares them (order-free). */
const same = (a: ClientState, b: ClientState) => expect(differences(a, b, new Set())).toEqual([]);

const channel = (id: number, more: Record<string, unknown> = {}) => ({
  stream_id: id,
  name: `c${id}`,
  invite_only: false,
  is_muted: false,
  in_home_view: true,
  ...more,
});
const emptyUnread = () => ({ count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false });

describe("messages", () => {
  const message = (id: number, more: Record<string, unknown>) =>
    ev("message", { message: { id, type: "stream", stream_id: 3, subject: "t", sender_id: 12, display_recipient: "c3", ...more }, flags: [] });

  it("a channel message raises max_message_id and files an unread; a read one only the id", () => {
    const s0 = { max_message_id: 5, unread_msgs: emptyUnread(), subscriptions: [channel(3)] };
    const s1 = apply(s0, [message(6, {}), { ...message(7, {}), flags: ["read"] }]);
    same(s1, {
      max_message_id: 7,
      unread_msgs: { ...emptyUnread(), count: 1, streams: [{ stream_id: 3, topic: "t", unread_message_ids: [6] }] },
      subscriptions: [channel(3)],
    });
  });

  it("topics that differ only in case are one unread entry, named by its first spelling (fl153.events.state-consistency)", () => {
    const s0 = { max_message_id: 5, unread_msgs: emptyUnread(), subscriptions: [channel(3)] };
    const s1 = apply(s0, [message(6, { subject: "Alpha" }), message(7, { subject: "alpha" }), message(8, { subject: "beta" })]);
    same(s1, {
      max_message_id: 8,
      unread_msgs: {
        ...emptyUnread(),
        count: 3,
        streams: [
          { stream_id: 3, topic: "Alpha", unread_message_ids: [6, 7] },
          { stream_id: 3, topic: "beta", unread_message_ids: [8] },
        ],
      },
      subscriptions: [channel(3)],
    });
  });

  it("direct messages file under the other user (pms, with the deprecated sender_id) or the group (huddles), and update recent_private_conversations", () => {
    const dm = (id: number, ids: number[]) =>
      ev("message", { message: { id, type: "private", sender_id: 12, display_recipient: ids.map((i) => ({ id: i })) }, flags: [] });
    const s = apply({ unread_msgs: emptyUnread(), recent_private_conversations: [] }, [dm(8, [ME, 12]), dm(9, [ME, 12, 13])]);
    same(s, {
      unread_msgs: {
        ...emptyUnread(),
        count: 2,
        pms: [{ other_user_id: 12, sender_id: 12, unread_message_ids: [8] }],
        huddles: [{ user_ids_string: "11,12,13", unread_message_ids: [9] }],
      },
      recent_private_conversations: [
        { user_ids: [12], max_message_id: 8 },
        { user_ids: [12, 13], max_message_id: 9 },
      ],
    });
  });

  it("a wildcard mention counts among mentions only outside muted topics; count leaves muted topics out", () => {
    const s0 = {
      unread_msgs: emptyUnread(),
      subscriptions: [channel(3)],
      user_topics: [{ stream_id: 3, topic_name: "quiet", visibility_policy: 1, last_updated: 1 }],
    };
    const s = apply(s0, [
      { ...message(20, { subject: "quiet" }), flags: ["stream_wildcard_mentioned"] },
      { ...message(21, { subject: "loud" }), flags: ["stream_wildcard_mentioned"] },
    ]);
    expect((s.unread_msgs as { mentions: number[]; count: number }).mentions).toEqual([21]);
    expect((s.unread_msgs as { count: number }).count).toBe(1);
  });

  it("an unmuted topic in a muted channel counts from FL213; before, the channel's mute wins", () => {
    const s0 = {
      unread_msgs: emptyUnread(),
      subscriptions: [channel(3, { is_muted: true })],
      user_topics: [{ stream_id: 3, topic_name: "t", visibility_policy: 2, last_updated: 1 }],
    };
    expect((apply(s0, [message(30, {})], ctx(213)).unread_msgs as { count: number }).count).toBe(1);
    expect((apply(s0, [message(30, {})], ctx(212)).unread_msgs as { count: number }).count).toBe(0);
  });

  it("a wildcard mention made in a muted topic joins mentions once the topic is unmuted; leaving a channel drops its unreads", () => {
    const s0 = {
      unread_msgs: emptyUnread(),
      subscriptions: [channel(3)],
      unsubscribed: [],
      user_topics: [{ stream_id: 3, topic_name: "t", visibility_policy: 1, last_updated: 1 }],
    };
    let s = apply(s0, [{ ...message(40, {}), flags: ["wildcard_mentioned"] }]);
    expect((s.unread_msgs as { mentions: number[] }).mentions).toEqual([]);
    s = apply(s, [ev("user_topic", { stream_id: 3, topic_name: "t", last_updated: 2, visibility_policy: 0 })]);
    expect(s.unread_msgs).toMatchObject({ mentions: [40], count: 1 });
    s = apply(s, [ev("subscription", { op: "remove", subscriptions: [{ stream_id: 3, name: "c3" }] })]);
    expect(s.unread_msgs).toMatchObject({ mentions: [], count: 0, streams: [] });
  });

  it("muting that may move a register-only unread in or out of mentions makes unread_msgs unknowable; one known by its event, or provably no mention, does not", () => {
    // Message 50 is known from the register alone: unread in a muted topic, so not among mentions whatever it says.
    const muted = {
      unread_msgs: { ...emptyUnread(), count: 0, streams: [{ stream_id: 3, topic: "t", unread_message_ids: [50] }] },
      subscriptions: [channel(3, { is_muted: true })],
      user_topics: [],
    };
    const unmute = ev("subscription", { op: "update", stream_id: 3, property: "is_muted", value: false });
    const c1 = ctx();
    apply(muted, [unmute], c1);
    expect([...c1.unknown]).toEqual(["unread_msgs"]);
    // The same message told by its event: the model knows its flags (no wildcard) and follows the unmute.
    const c2 = ctx();
    const known = apply({ ...muted, unread_msgs: emptyUnread() }, [message(50, {})], c2);
    apply(known, [unmute], c2);
    expect([...c2.unknown]).toEqual([]);
    // Unread, unmuted and not among mentions in the register: no mention of any kind, so muting moves nothing.
    const c3 = ctx();
    apply({ ...muted, subscriptions: [channel(3)] }, [ev("subscription", { op: "update", stream_id: 3, property: "is_muted", value: true })], c3);
    expect([...c3.unknown]).toEqual([]);
  });

  it("fl153.events.state-consistency: a new subscriptions list that mutes what the old one muted moves nothing in or out of mentions", () => {
    const muted = {
      unread_msgs: { ...emptyUnread(), count: 0, streams: [{ stream_id: 3, topic: "t", unread_message_ids: [50] }] },
      subscriptions: [channel(3, { is_muted: true, subscribers: [ME] })],
      user_topics: [],
    };
    // Another user joins: the list is new, its mutes the same.
    const c1 = ctx();
    const after = apply(muted, [ev("subscription", { op: "peer_add", stream_ids: [3], user_ids: [12] })], c1);
    expect(after.subscriptions).not.toBe(muted.subscriptions);
    expect([...c1.unknown], "unknowable keys after a peer_add that changes no mute").toEqual([]);
  });

  it("update_message_flags: op, or the deprecated operation alone; read add unfiles, read remove refiles from message_details; starred edits starred_messages", () => {
    const s0 = { unread_msgs: { ...emptyUnread(), count: 1, streams: [{ stream_id: 3, topic: "t", unread_message_ids: [6] }] }, starred_messages: [] };
    const read = apply(s0, [ev("update_message_flags", { operation: "add", flag: "read", messages: [6], all: false })]);
    same(read, { unread_msgs: emptyUnread(), starred_messages: [] });
    const back = apply(read, [
      ev("update_message_flags", {
        op: "remove",
        operation: "remove",
        flag: "read",
        messages: [6],
        all: false,
        message_details: { 6: { type: "stream", stream_id: 3, topic: "t" } },
      }),
    ]);
    same(back, s0);
    const starred = apply(s0, [ev("update_message_flags", { op: "add", operation: "add", flag: "starred", messages: [6], all: false })]);
    expect(starred.starred_messages).toEqual([6]);
    const all = apply(s0, [ev("update_message_flags", { op: "add", operation: "add", flag: "read", messages: [], all: true })]);
    same(all, { unread_msgs: emptyUnread(), starred_messages: [] });
  });

  it("update_message moves unreads to the new channel and topic; delete_message drops them and makes a deleted newest id unknowable", () => {
    const s0 = {
      max_message_id: 6,
      unread_msgs: { ...emptyUnread(), count: 1, streams: [{ stream_id: 3, topic: "t", unread_message_ids: [6] }] },
      starred_messages: [6],
    };
    const moved = apply(s0, [
      ev("update_message", { message_id: 6, message_ids: [6], orig_subject: "t", subject: "u", new_stream_id: 4, flags: [], rendering_only: false }),
    ]);
    expect((moved.unread_msgs as { streams: unknown[] }).streams).toEqual([{ stream_id: 4, topic: "u", unread_message_ids: [6] }]);
    for (const form of [{ message_ids: [6] }, { message_id: 6 }]) {
      const c = ctx();
      const gone = apply(s0, [ev("delete_message", { message_type: "stream", stream_id: 3, topic: "t", ...form })], c);
      same(gone, { max_message_id: 6, unread_msgs: emptyUnread(), starred_messages: [] });
      expect([...c.unknown]).toEqual(["max_message_id"]);
    }
  });

  it("max_message_id may fall with no event only when its message is (or, before any message event, may be) of a channel the client left", () => {
    const s0 = { max_message_id: 5, unread_msgs: emptyUnread(), subscriptions: [channel(3), channel(4)] };
    const fell = { max_message_id: 4, unread_msgs: emptyUnread() };
    const read6 = { ...message(6, {}), flags: ["read"] };
    // Subscribed throughout: a fresh register below the reduced value is a missing delete_message.
    expect(differences(apply(s0, [read6]), { ...fell, max_message_id: 5 }, new Set()).map((d) => d.path)).toEqual([expect.stringMatching(/^max_message_id/)]);
    // Its channel left since: the deletion went to the channel's subscribers alone.
    const left = apply(s0, [read6, ev("subscription", { op: "remove", subscriptions: [{ stream_id: 3 }] })]);
    expect(differences(left, { ...fell, max_message_id: 5, subscriptions: [channel(4)] }, new Set())).toEqual([]);
    // Another channel left: its newest message is still in channel 3, whose subscribers it is among.
    const other = apply(s0, [read6, ev("subscription", { op: "remove", subscriptions: [{ stream_id: 4 }] })]);
    expect(differences(other, { ...fell, max_message_id: 5, subscriptions: [channel(3)] }, new Set())).not.toEqual([]);
    // Newest from before the register (no message event says where): any channel left may have held it.
    const before = apply(s0, [ev("subscription", { op: "remove", subscriptions: [{ stream_id: 4 }] })]);
    expect(differences(before, { ...fell, subscriptions: [channel(3)] }, new Set())).toEqual([]);
  });

  it("a starred id may leave starred_messages with no event only when its message is of a channel the client left; a star no event told is a failure", () => {
    const s0 = { max_message_id: 5, starred_messages: [2], subscriptions: [channel(3), channel(4)] };
    const starred6 = [{ ...message(6, {}), flags: ["read", "starred"] }];
    expect(differences(apply(s0, starred6), { starred_messages: [2] }, new Set())).not.toEqual([]);
    const left = apply(s0, [...starred6, ev("subscription", { op: "remove", subscriptions: [{ stream_id: 3 }] })]);
    expect(differences(left, { starred_messages: [2] }, new Set())).toEqual([]);
    expect(differences(left, { starred_messages: [2, 6, 7] }, new Set())).not.toEqual([]);
  });

  it("scheduled_messages add / update / remove", () => {
    const sm = (id: number, t: number) => ({ scheduled_message_id: id, scheduled_delivery_timestamp: t, content: "x" });
    let s: ClientState = { scheduled_messages: [sm(1, 10)] };
    s = apply(s, [
      ev("scheduled_messages", { op: "add", scheduled_messages: [sm(2, 5)] }),
      ev("scheduled_messages", { op: "update", scheduled_message: { scheduled_message_id: 1, content: "y" } }),
      ev("scheduled_messages", { op: "remove", scheduled_message_id: 2 }),
    ]);
    same(s, { scheduled_messages: [{ ...sm(1, 10), content: "y" }] });
  });

  it("events without register state leave it alone", () => {
    const s0 = { max_message_id: 1 };
    for (const type of ["typing", "reaction", "typing_edit_message"]) expect(apply(s0, [ev(type, { op: type === "reaction" ? "add" : "start" })])).toBe(s0);
    expect(apply(s0, [ev("submessage"), ev("heartbeat"), ev("invites_changed"), ev("realm_export"), ev("restart")])).toBe(s0);
  });
});

describe("channels", () => {
  it("stream create / update / delete (stream_ids from FL343, the deprecated streams before)", () => {
    const s0 = { streams: [channel(3)], subscriptions: [channel(3)], unsubscribed: [], never_subscribed: [], realm_default_streams: [3] };
    const created = apply(s0, [ev("stream", { op: "create", streams: [{ stream_id: 5, name: "new", invite_only: false, subscribers: [1] }] })]);
    expect((created.never_subscribed as unknown[]).length).toBe(1);
    expect((created.streams as Array<Record<string, unknown>>).find((c) => c.stream_id === 5)).not.toHaveProperty("subscribers");
    const renamed = apply(created, [ev("stream", { op: "update", stream_id: 3, property: "description", value: "d", rendered_description: "<p>d</p>" })]);
    expect((renamed.subscriptions as Array<Record<string, unknown>>)[0]).toMatchObject({ description: "d", rendered_description: "<p>d</p>" });
    for (const form of [{ stream_ids: [3] }, { streams: [{ stream_id: 3 }] }]) {
      const gone = apply(renamed, [ev("stream", { op: "delete", ...form })]);
      expect(gone.subscriptions).toEqual([]);
      expect(gone.realm_default_streams).toEqual([]);
    }
  });

  it("subscription add / remove / update (in_home_view mirrors is_muted) / peer events", () => {
    const s0 = { streams: [channel(3), channel(4)], subscriptions: [channel(3)], unsubscribed: [], never_subscribed: [channel(4)] };
    let s = apply(s0, [ev("subscription", { op: "add", subscriptions: [{ ...channel(4), subscribers: [ME] }] })]);
    expect(s.never_subscribed).toEqual([]);
    expect((s.subscriptions as unknown[]).length).toBe(2);
    s = apply(s, [ev("subscription", { op: "update", stream_id: 4, property: "in_home_view", value: false })]);
    expect((s.subscriptions as Array<Record<string, unknown>>).find((c) => c.stream_id === 4)).toMatchObject({ in_home_view: false, is_muted: true });
    s = apply(s, [ev("subscription", { op: "remove", subscriptions: [{ stream_id: 4, name: "c4" }] })]);
    expect((s.unsubscribed as Array<Record<string, unknown>>).map((c) => c.stream_id)).toEqual([4]);
    expect(apply(s, [ev("subscription", { op: "peer_add", stream_ids: [3], user_ids: [12] })])).toEqual(s);
  });

  it("default_streams: channel objects before FL330 where the register holds objects, ids where it holds ids", () => {
    expect(
      apply({ realm_default_streams: [3] }, [ev("default_streams", { default_streams: [{ stream_id: 3 }, { stream_id: 4 }] })]).realm_default_streams,
    ).toEqual([3, 4]);
    expect(
      apply({ realm_default_streams: [{ stream_id: 3 }] }, [ev("default_streams", { default_streams: [{ stream_id: 4 }] })]).realm_default_streams,
    ).toEqual([{ stream_id: 4 }]);
  });

  it("user_topic upserts, policy 0 removes; muted_topics (legacy) replaces", () => {
    const s = apply({ user_topics: [] }, [ev("user_topic", { stream_id: 3, topic_name: "t", last_updated: 5, visibility_policy: 1 })]);
    expect(s.user_topics).toEqual([{ stream_id: 3, topic_name: "t", last_updated: 5, visibility_policy: 1 }]);
    expect(apply(s, [ev("user_topic", { stream_id: 3, topic_name: "t", last_updated: 6, visibility_policy: 0 })]).user_topics).toEqual([]);
    expect(apply({ muted_topics: [] }, [ev("muted_topics", { muted_topics: [["c3", "t", 5]] })]).muted_topics).toEqual([["c3", "t", 5]]);
  });
});

describe("users and groups", () => {
  const user = (id: number, more: Record<string, unknown> = {}) => ({
    user_id: id,
    full_name: `u${id}`,
    email: `u${id}@x`,
    is_active: true,
    role: 400,
    is_admin: false,
    is_owner: false,
    is_guest: false,
    profile_data: {},
    ...more,
  });

  it("realm_user add / update (role flags, new_email, custom field, own top-level copies) / is_active moves lists (FL222)", () => {
    const s0 = {
      realm_users: [user(ME)],
      realm_non_active_users: [],
      full_name: "u11",
      is_admin: false,
      is_owner: false,
      is_moderator: false,
      is_guest: false,
    };
    const c = ctx();
    let s = apply(
      s0,
      [
        ev("realm_user", { op: "add", person: user(12) }),
        ev("realm_user", { op: "update", person: { user_id: ME, role: 200 } }),
        ev("realm_user", { op: "update", person: { user_id: ME, full_name: "New" } }),
      ],
      c,
    );
    expect(s).toMatchObject({ full_name: "New", is_admin: true, is_owner: false });
    expect(c.unknown.has("can_create_public_streams")).toBe(true);
    s = apply(s, [
      ev("realm_user", { op: "update", person: { user_id: 12, custom_profile_field: { id: 1, value: "v", rendered_value: "<p>v</p>" } } }),
      ev("realm_user", { op: "update", person: { user_id: 12, new_email: "n@x" } }),
    ]);
    expect((s.realm_users as Array<Record<string, unknown>>).find((u) => u.user_id === 12)).toMatchObject({
      email: "n@x",
      profile_data: { 1: { value: "v", rendered_value: "<p>v</p>" } },
    });
    s = apply(s, [ev("realm_user", { op: "update", person: { user_id: 12, is_active: false } })]);
    expect((s.realm_non_active_users as unknown[]).length).toBe(1);
  });

  it("realm_user remove: a deactivation before FL222, a user no longer visible from FL228 (a placeholder where register holds one)", () => {
    const s0 = { realm_users: [user(12)], realm_non_active_users: [] };
    const remove = ev("realm_user", { op: "remove", person: { user_id: 12, full_name: "u12" } });
    same(apply(s0, [remove], ctx(221)), { realm_users: [], realm_non_active_users: [{ ...user(12), is_active: false }] });
    same(apply(s0, [remove], ctx(232, { user_list_incomplete: false })), { realm_users: [], realm_non_active_users: [] });
    // The catalog's reading (fl232.register.unknown-user-placeholders): placeholders from FL232 for user_list_incomplete, before for all.
    for (const c of [ctx(232), ctx(228, { user_list_incomplete: false })]) {
      expect((apply(s0, [remove], c).realm_users as Array<{ full_name: string }>)[0]!.full_name).toBe("Unknown user");
      expect(c.unknown).toContain("realm_users");
    }
    // A `zulip` server does the reverse from FL232 (wire §17.2 #3): placeholders for the clients without the capability.
    same(apply(s0, [remove], ctx(232, { user_list_incomplete: true }, "zulip")), { realm_users: [], realm_non_active_users: [] });
    const zulip = apply(s0, [remove], ctx(232, { user_list_incomplete: false }, "zulip"));
    expect((zulip.realm_users as Array<{ full_name: string }>)[0]!.full_name).toBe("Unknown user");
  });

  it("realm_bot add / update / remove / delete; user_status; muted_users; custom_profile_fields", () => {
    let s: ClientState = { realm_bots: [], user_status: {}, muted_users: [], custom_profile_fields: [] };
    s = apply(s, [
      ev("realm_bot", { op: "add", bot: { user_id: 20, full_name: "b", is_active: true } }),
      ev("realm_bot", { op: "update", bot: { user_id: 20, full_name: "c" } }),
      ev("realm_bot", { op: "remove", bot: { user_id: 20 } }),
    ]);
    expect(s.realm_bots).toEqual([{ user_id: 20, full_name: "c", is_active: false }]);
    expect(apply(s, [ev("realm_bot", { op: "delete", bot: { user_id: 20 } })]).realm_bots).toEqual([]);
    s = apply(s, [ev("user_status", { user_id: 12, status_text: "busy", emoji_name: "car", emoji_code: "1f697", reaction_type: "unicode_emoji" })]);
    expect(s.user_status).toEqual({ 12: { status_text: "busy", emoji_name: "car", emoji_code: "1f697", reaction_type: "unicode_emoji" } });
    expect(apply(s, [ev("user_status", { user_id: 12, status_text: "", emoji_name: "" })]).user_status).toEqual({});
    expect(apply(s, [ev("muted_users", { muted_users: [{ id: 3, timestamp: 1 }] }), ev("custom_profile_fields", { fields: [{ id: 1 }] })])).toMatchObject({
      muted_users: [{ id: 3, timestamp: 1 }],
      custom_profile_fields: [{ id: 1 }],
    });
  });

  it("user_group add / update / members / subgroups / remove", () => {
    let s: ClientState = { realm_user_groups: [] };
    s = apply(s, [
      ev("user_group", { op: "add", group: { id: 9, name: "g", members: [1], direct_subgroup_ids: [] } }),
      ev("user_group", { op: "update", group_id: 9, data: { name: "h", deactivated: true } }),
      ev("user_group", { op: "add_members", group_id: 9, user_ids: [2] }),
      ev("user_group", { op: "remove_members", group_id: 9, user_ids: [1] }),
      ev("user_group", { op: "add_subgroups", group_id: 9, direct_subgroup_ids: [4] }),
    ]);
    expect(s.realm_user_groups).toEqual([{ id: 9, name: "h", deactivated: true, members: [2], direct_subgroup_ids: [4] }]);
    expect(
      apply(s, [ev("user_group", { op: "remove_subgroups", group_id: 9, direct_subgroup_ids: [4] }), ev("user_group", { op: "remove", group_id: 9 })])
        .realm_user_groups,
    ).toEqual([]);
  });
});

describe("realm and settings", () => {
  it("realm update and update_dict set realm_<name>; deprecated mirrors follow or become unknowable", () => {
    const c = ctx();
    const s = apply(
      {
        realm_name: "a",
        realm_allow_edit_history: true,
        realm_message_edit_history_visibility_policy: "all",
        realm_icon_url: "x",
        realm_create_public_stream_policy: 1,
        realm_can_create_public_channel_group: 3,
      },
      [
        ev("realm", { op: "update", property: "name", value: "b" }),
        ev("realm", { op: "update_dict", property: "default", data: { message_edit_history_visibility_policy: "none", can_create_public_channel_group: 5 } }),
        ev("realm", { op: "update_dict", property: "icon", data: { icon_url: "y", icon_source: "U" } }),
      ],
      c,
    );
    expect(s).toMatchObject({ realm_name: "b", realm_allow_edit_history: false, realm_icon_url: "y", realm_can_create_public_channel_group: 5 });
    expect(c.unknown.has("realm_create_public_stream_policy")).toBe(true);
  });

  it("realm lists: emoji, linkifiers, the legacy realm_filters, playgrounds, domains, billing, user settings defaults", () => {
    let s: ClientState = {
      realm_emoji: {},
      realm_linkifiers: [],
      realm_filters: [],
      realm_playgrounds: [],
      realm_domains: [],
      realm_billing: {},
      realm_user_settings_defaults: { enter_sends: false },
    };
    s = apply(s, [
      ev("realm_emoji", { op: "update", realm_emoji: { 1: { name: "e" } } }),
      ev("realm_linkifiers", { realm_linkifiers: [{ id: 1 }] }),
      ev("realm_filters", { realm_filters: [["#x", "u", 1]] }),
      ev("realm_playgrounds", { realm_playgrounds: [{ id: 2 }] }),
      ev("realm_domains", { op: "add", realm_domain: { domain: "a.example", allow_subdomains: false } }),
      ev("realm_domains", { op: "change", realm_domain: { domain: "a.example", allow_subdomains: true } }),
      ev("realm_billing", { property: "has_pending_sponsorship_request", value: true }),
      ev("realm_user_settings_defaults", { op: "update", property: "enter_sends", value: true }),
    ]);
    same(s, {
      realm_emoji: { 1: { name: "e" } },
      realm_linkifiers: [{ id: 1 }],
      realm_filters: [["#x", "u", 1]],
      realm_playgrounds: [{ id: 2 }],
      realm_domains: [{ domain: "a.example", allow_subdomains: true }],
      realm_billing: { has_pending_sponsorship_request: true },
      realm_user_settings_defaults: { enter_sends: true },
    });
    expect(apply(s, [ev("realm_domains", { op: "remove", domain: "a.example" })]).realm_domains).toEqual([]);
  });

  it("user_settings update (object and legacy top-level copy) and the legacy events of clients without user_settings_object", () => {
    const s = apply({ user_settings: { enter_sends: false }, enter_sends: false, emojiset: "google" }, [
      ev("user_settings", { op: "update", property: "enter_sends", value: true }),
    ]);
    expect(s).toMatchObject({ user_settings: { enter_sends: true }, enter_sends: true });
    expect(
      apply({ emojiset: "google", enable_sounds: true }, [
        ev("update_display_settings", { setting_name: "emojiset", setting: "text" }),
        ev("update_global_notifications", { notification_name: "enable_sounds", setting: false }),
      ]),
    ).toEqual({ emojiset: "text", enable_sounds: false });
  });

  it("drafts, saved snippets, alert words, onboarding steps", () => {
    let s: ClientState = { drafts: [], saved_snippets: [], alert_words: [], onboarding_steps: [{ name: "a" }] };
    s = apply(s, [
      ev("drafts", { op: "add", drafts: [{ id: 1, content: "x" }] }),
      ev("drafts", { op: "update", draft: { id: 1, content: "y" } }),
      ev("saved_snippets", { op: "add", saved_snippet: { id: 2, title: "t" } }),
      ev("alert_words", { alert_words: ["w"] }),
      ev("onboarding_steps", { onboarding_steps: [] }),
    ]);
    same(s, { drafts: [{ id: 1, content: "y" }], saved_snippets: [{ id: 2, title: "t" }], alert_words: ["w"], onboarding_steps: [] });
    expect(apply(s, [ev("drafts", { op: "remove", draft_id: 1 }), ev("saved_snippets", { op: "remove", saved_snippet_id: 2 })])).toMatchObject({
      drafts: [],
      saved_snippets: [],
    });
  });
});

describe("the comparison and the model's reach", () => {
  it("ignores order and excluded keys, names the differing path, and allows a fresh max_message_id above the reduced one (not below)", () => {
    expect(
      differences({ streams: [channel(4), channel(3)], server_timestamp: 1 }, { streams: [channel(3), channel(4)], server_timestamp: 2 }, new Set()),
    ).toEqual([]);
    expect(differences({ realm_users: [{ user_id: 3, full_name: "a" }] }, { realm_users: [{ user_id: 3, full_name: "b" }] }, new Set())[0]).toMatchObject({
      path: "realm_users[user_id=3].full_name",
      reduced: "a",
      fresh: "b",
    });
    expect(differences({ max_message_id: 5 }, { max_message_id: 6 }, new Set())).toEqual([]);
    expect(differences({ max_message_id: 7 }, { max_message_id: 6 }, new Set())).toHaveLength(1);
    expect(differences({ a: 1 }, { a: 2 }, new Set(["a"]))).toEqual([]);
  });

  it("reduces every event the catalog names, and maps each to its register sections", () => {
    const named = [...new Set(catalog().clauses.flatMap((c) => c.events))];
    expect(named.filter((e) => !modelReduces(e))).toEqual([]);
    expect(eventCoverage(catalog(), []).filter((r) => !r.reducer)).toEqual([]);
    expect(sectionsOf(["update_message_flags/add"])).toContain("message");
    expect(eventKey({ type: "update_message_flags", operation: "add" } as never)).toBe("update_message_flags/add");
    for (const [k, entry] of Object.entries(REDUCERS)) expect(entry.does.length, k).toBeGreaterThan(0);
  });

  it("reports an event type it does not know instead of reducing it", () => {
    const r = reduceAll({ a: 1 }, [ev("brand_new_event", { op: "x" })], ctx());
    expect(r.unknown).toEqual(["brand_new_event/x"]);
    expect(r.state).toEqual({ a: 1 });
  });
});
