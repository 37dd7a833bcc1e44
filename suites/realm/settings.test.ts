import { eventOf, type EventCheck } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { idPart } from "../../src/expect/id-part.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { RealmUpdateDictEvent, RealmUpdateEvent } from "../../src/schemas/events/realm.ts";
import { realmState, withRealmSettings } from "../support/realm.ts";
import { createChannel } from "../support/channels.ts";
import { ignoredOf } from "../support/ignored.ts";

/**
 * Realm settings of the spec's "other realm settings" table: each accepted by PATCH /realm, returned by POST
 * /register as realm_<name> and carried in a realm event, from its level; before it, unknown. One row per
 * setting; every row yields the same tests. This file changes organization settings: it is an isolated suite.
 */
interface Row {
  clause: string;
  setting: string;
  level: number;
  op: "update" | "update_dict";
  /** A value different from `current` (what the server holds now). */
  next: (t: TestContext, current: unknown) => Promise<unknown>;
  /** The name the setting had before this level (a rename): unknown from the level on, the setting before it. */
  oldName?: string;
}

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "owner", "member"], isolated: true });

const flip = async (_t: TestContext, current: unknown) => current !== true;
const longer = async (_t: TestContext, current: unknown) => (typeof current === "number" ? current + 60 : 3600);

/** A fresh channel the administrator creates (private when asked), archived when the test ends: a value for the channel-id settings. */
async function freshChannelId(t: TestContext, inviteOnly = false): Promise<number> {
  return (await createChannel(t, "administrator", undefined, { invite_only: inviteOnly }, "realm-channel")).id;
}

const ROWS: Row[] = [
  { clause: "fl216.realm.enable-guest-user-indicator", setting: "enable_guest_user_indicator", level: 216, op: "update", next: flip },
  { clause: "fl348.realm.enable-guest-user-dm-warning", setting: "enable_guest_user_dm_warning", level: 348, op: "update", next: flip },
  {
    clause: "fl331.realm.moderation-request-channel-id",
    setting: "moderation_request_channel_id",
    level: 331,
    op: "update",
    next: (t) => freshChannelId(t, true),
  },
  {
    clause: "fl242.realm.update-announcements-stream-id",
    setting: "chat_update_announcements_stream_id",
    level: 242,
    op: "update",
    next: (t) => freshChannelId(t),
  },
  {
    clause: "fl241.realm.new-stream-announcements-stream",
    setting: "new_stream_announcements_stream",
    level: 241,
    op: "update",
    next: (t) => freshChannelId(t),
    oldName: "notifications_stream",
  },
  {
    clause: "fl241.realm.signup-announcements-stream",
    setting: "signup_announcements_stream",
    level: 241,
    op: "update",
    next: (t) => freshChannelId(t),
    oldName: "signup_notifications_stream",
  },
  {
    clause: "fl212.realm.meet-server-url",
    setting: "meet_server_url",
    level: 212,
    op: "update",
    next: async (t) =>
      `https://meet-${t
        .unique("m")
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, "")}.example.com`,
  },
  {
    clause: "fl358.realm.edit-history-visibility-policy",
    setting: "message_edit_history_visibility_policy",
    level: 358,
    op: "update",
    next: async (_t, c) => (c === 2 ? 1 : 2),
  },
  { clause: "fl162.realm.move-within-stream-limit-setting", setting: "move_messages_within_stream_limit_seconds", level: 162, op: "update_dict", next: longer },
  {
    clause: "fl162.realm.move-between-streams-limit-setting",
    setting: "move_messages_between_streams_limit_seconds",
    level: 162,
    op: "update_dict",
    next: longer,
  },
];

/** The realm event that carries `setting`: update {property, value} or update_dict {data}. */
function eventFor(op: "update" | "update_dict", setting: string): EventCheck {
  return eventOf("realm", (e) => {
    if (op === "update") return e.op === "update" && e.property === setting ? null : `op ${String(e.op)} property ${String(e.property)}`;
    return e.op === "update_dict" && typeof e.data === "object" && e.data !== null && setting in e.data
      ? null
      : `op ${String(e.op)} ${JSON.stringify(e.data ?? e.property)}`;
  });
}

/** The value a realm event carries for `setting`, validated by the op's schema. */
function eventValue(t: TestContext, op: "update" | "update_dict", setting: string, ev: unknown): unknown {
  if (op === "update") return t.expect.schema(RealmUpdateEvent, ev, undefined, "the realm update event").value;
  return t.expect.schema(RealmUpdateDictEvent, ev, undefined, "the realm update_dict event").data[setting];
}

for (const r of ROWS) {
  behaviour(
    r.clause,
    `PATCH /realm changes ${r.setting}; POST /register and a realm ${r.op} event carry it`,
    { id: `${r.clause}#patch-realm-changes-${idPart(r.setting)}-post-register-and-a-realm-${idPart(r.op)}-event-carry-it` },
    async (t) => {
      const before = await realmState(t);
      const value = await r.next(t, t.expect.present(before, `realm_${r.setting}`));
      const { queue } = await t.register("member", { event_types: ["realm"] });
      await withRealmSettings(t, { [r.setting]: value as string | number | boolean }, async (res) => {
        const body = t.expect.success(res);
        t.expect.ok(!ignoredOf(body).includes(r.setting), `${r.setting} to be read, not ignored`, body.ignored_parameters_unsupported, res.exchange);
        const [ev] = await queue.until([eventFor(r.op, r.setting)]);
        t.expect.equal(eventValue(t, r.op, r.setting, ev), value, `the event's ${r.setting}`);
        const after = await realmState(t);
        t.expect.equal(after[`realm_${r.setting}`], value, `realm_${r.setting} after the change`);
        if (r.oldName) t.expect.absent(after, `realm_${r.oldName}`);
      });
    },
  );

  // Below FL167 a server lists no ignored parameters, so there the only sign is that the setting stays unknown.
  behaviour(
    [r.clause, "fl167.server.ignored-parameters-unsupported"],
    `before FL${r.level} PATCH /realm and POST /register do not know ${r.setting}`,
    { id: `${r.clause}#before-fl${r.level}-patch-realm-and-post-register-do-not-know-${idPart(r.setting)}`, gate: "before" },
    async (t) => {
      const value = await r.next(t, undefined);
      await withRealmSettings(t, { [r.setting]: value as string | number | boolean }, async (res) => {
        const body = t.expect.success(res);
        if (t.fl.atLeast(167)) t.expect.ok(ignoredOf(body).includes(r.setting), `${r.setting} in ignored_parameters_unsupported`, res.json, res.exchange);
        t.expect.absent(await realmState(t), `realm_${r.setting}`);
      });
    },
  );

  if (!r.oldName) continue;
  const old = r.oldName;
  behaviour(
    r.clause,
    `from FL${r.level} PATCH /realm ignores the old name ${old}`,
    { id: `${r.clause}#from-fl${r.level}-patch-realm-ignores-the-old-name-${idPart(old)}` },
    async (t) => {
      await withRealmSettings(t, { [old]: (await r.next(t, undefined)) as number }, async (res) => {
        t.expect.ok(ignoredOf(t.expect.success(res)).includes(old), `${old} in ignored_parameters_unsupported`, res.json, res.exchange);
      });
    },
  );

  behaviour(
    r.clause,
    `before FL${r.level} the setting is ${old}: PATCH /realm changes it and sends a realm update event`,
    { id: `${r.clause}#before-fl${r.level}-the-setting-is-${idPart(old)}-patch-realm-changes-it-and-sends-a-realm-update-event`, gate: "before" },
    async (t) => {
      const value = await r.next(t, undefined);
      const { queue } = await t.register("member", { event_types: ["realm"] });
      await withRealmSettings(t, { [old]: value as number }, async (res) => {
        t.expect.success(res);
        const [ev] = await queue.until([eventFor("update", old)]);
        t.expect.equal(eventValue(t, "update", old, ev), value, `the event's ${old}`);
        t.expect.equal((await realmState(t))[`realm_${old}`], value, `realm_${old} after the change`);
      });
    },
  );
}

// --- message_edit_history_visibility_policy replaces allow_edit_history (FL358) ---

behaviour(
  "fl358.realm.allow-edit-history-removed",
  "from FL358 PATCH /realm ignores allow_edit_history",
  { id: "fl358.realm.allow-edit-history-removed#from-fl358-patch-realm-ignores-allow-edit-history" },
  async (t) => {
    await withRealmSettings(t, { allow_edit_history: false }, async (res) => {
      t.expect.ok(
        ignoredOf(t.expect.success(res)).includes("allow_edit_history"),
        "allow_edit_history in ignored_parameters_unsupported",
        res.json,
        res.exchange,
      );
    });
  },
);

behaviour(
  "fl358.realm.allow-edit-history-removed",
  "before FL358 PATCH /realm changes allow_edit_history and sends a realm update event",
  { id: "fl358.realm.allow-edit-history-removed#before-fl358-patch-realm-changes-allow-edit-history-and-sends-a-realm-update-event", gate: "before" },
  async (t) => {
    const current = (await realmState(t)).realm_allow_edit_history;
    const { queue } = await t.register("member", { event_types: ["realm"] });
    await withRealmSettings(t, { allow_edit_history: current !== true }, async (res) => {
      t.expect.success(res);
      const [ev] = await queue.until([eventFor("update", "allow_edit_history")]);
      t.expect.equal(eventValue(t, "update", "allow_edit_history", ev), current !== true, "the event's allow_edit_history");
    });
  },
);

behaviour(
  "fl358.register.allow-edit-history-deprecated",
  "register keeps realm_allow_edit_history: false only for the None policy",
  { id: "fl358.register.allow-edit-history-deprecated#register-keeps-realm-allow-edit-history-false-only-for-the-none-policy" },
  async (t) => {
    // The catalog's ruling on fl358.realm.edit-history-visibility-policy: 1 All, 2 Moves only, 3 None.
    for (const [policy, expected] of [
      [3, false],
      [2, true],
      [1, true],
    ] as const) {
      await withRealmSettings(t, { message_edit_history_visibility_policy: policy }, async (res) => {
        await t.given(`set message_edit_history_visibility_policy to ${policy}`, async () => t.expect.success(res));
        t.expect.equal((await realmState(t)).realm_allow_edit_history, expected, `realm_allow_edit_history with policy ${policy}`);
      });
    }
  },
);

behaviour(
  "fl358.register.allow-edit-history-deprecated",
  "before FL358 realm_allow_edit_history is the setting itself, a boolean",
  { id: "fl358.register.allow-edit-history-deprecated#before-fl358-realm-allow-edit-history-is-the-setting-itself-a-boolean", gate: "before" },
  async (t) => {
    const state = await realmState(t);
    t.expect.ok(typeof state.realm_allow_edit_history === "boolean", "realm_allow_edit_history to be a boolean", state.realm_allow_edit_history);
    t.expect.absent(state, "realm_message_edit_history_visibility_policy");
  },
);

// --- video_chat_provider gains the server-to-server OAuth option (FL353; code 5, the catalog's ruling) ---

behaviour(
  "fl353.realm.video-chat-provider-server-oauth",
  "from FL353 video_chat_provider accepts the server-to-server OAuth option",
  { id: "fl353.realm.video-chat-provider-server-oauth#from-fl353-video-chat-provider-accepts-the-server-to-server-oauth-option" },
  async (t) => {
    await withRealmSettings(t, { video_chat_provider: 5 }, async (res) => {
      t.expect.success(res);
      t.expect.equal((await realmState(t)).realm_video_chat_provider, 5, "realm_video_chat_provider");
    });
  },
);

behaviour(
  "fl353.realm.video-chat-provider-server-oauth",
  "before FL353 video_chat_provider refuses the server-to-server OAuth option",
  { id: "fl353.realm.video-chat-provider-server-oauth#before-fl353-video-chat-provider-refuses-the-server-to-server-oauth-option", gate: "before" },
  async (t) => {
    await withRealmSettings(t, { video_chat_provider: 5 }, async (res) => {
      t.expect.error(res, 400, "BAD_REQUEST");
    });
  },
);

// --- default_code_block_language: "" when unset (FL195) ---

behaviour(
  "fl195.realm.default-code-block-language-empty",
  "from FL195 an unset default_code_block_language is the empty string",
  { id: "fl195.realm.default-code-block-language-empty#from-fl195-an-unset-default-code-block-language-is-the-empty-string" },
  async (t) => {
    await withRealmSettings(t, { default_code_block_language: "python" }, async (res) => {
      await t.given("set default_code_block_language", async () => t.expect.success(res));
      t.expect.success(await t.api("owner").patch("/realm", { default_code_block_language: "" }));
      t.expect.equal((await realmState(t)).realm_default_code_block_language, "", "realm_default_code_block_language when unset");
    });
  },
);

behaviour(
  "fl195.realm.default-code-block-language-empty",
  "before FL195 an unset default_code_block_language is null or empty",
  { id: "fl195.realm.default-code-block-language-empty#before-fl195-an-unset-default-code-block-language-is-null-or-empty", gate: "before" },
  async (t) => {
    await withRealmSettings(t, { default_code_block_language: "" }, async (res) => {
      await t.given("unset default_code_block_language", async () => t.expect.success(res));
      const v = t.expect.present(await realmState(t), "realm_default_code_block_language");
      t.expect.ok(v === null || v === "", "null or the empty string", v);
    });
  },
);

// --- community_topic_editing_limit_seconds removed (FL183) ---

behaviour(
  "fl183.realm.community-topic-editing-limit-removed",
  "from FL183 register has no realm_community_topic_editing_limit_seconds",
  { id: "fl183.realm.community-topic-editing-limit-removed#from-fl183-register-has-no-realm-community-topic-editing-limit-seconds" },
  async (t) => {
    const state = await realmState(t);
    t.expect.absent(state, "realm_community_topic_editing_limit_seconds");
    t.expect.present(state, "realm_move_messages_within_stream_limit_seconds");
  },
);

behaviour(
  "fl183.realm.community-topic-editing-limit-removed",
  "before FL183 register has realm_community_topic_editing_limit_seconds",
  { id: "fl183.realm.community-topic-editing-limit-removed#before-fl183-register-has-realm-community-topic-editing-limit-seconds", gate: "before" },
  async (t) => {
    const v = t.expect.present(await realmState(t), "realm_community_topic_editing_limit_seconds");
    t.expect.ok(typeof v === "number", "an integer number of seconds", v);
  },
);

// --- realm update events lose extra_data (FL306) ---

behaviour(
  "fl306.realm.update-no-extra-data",
  "from FL306 realm update events have no extra_data",
  { id: "fl306.realm.update-no-extra-data#from-fl306-realm-update-events-have-no-extra-data" },
  async (t) => {
    const current = (await realmState(t)).realm_enable_guest_user_indicator;
    const { queue } = await t.register("member", { event_types: ["realm"] });
    await withRealmSettings(t, { enable_guest_user_indicator: current !== true }, async (res) => {
      await t.given("change enable_guest_user_indicator", async () => t.expect.success(res));
      const [ev] = await queue.until([eventFor("update", "enable_guest_user_indicator")]);
      t.expect.absent(t.expect.schema(RealmUpdateEvent, ev, undefined, "the realm update event"), "extra_data");
    });
  },
);
