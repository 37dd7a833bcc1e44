import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { idPart } from "../../src/expect/id-part.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { RealmUpdateDictEvent, RealmUpdateEvent } from "../../src/schemas/events/realm.ts";
import { GroupSettingValue } from "../../src/schemas/group-setting-value.ts";
import { realmState, systemGroupId, withRealmSettings } from "../support/realm.ts";
import { ignoredOf } from "../support/ignored.ts";

/**
 * The spec's table of realm settings that hold group-setting values, one row per setting: the level that added
 * it and the policy it replaced (removed from PATCH /realm and realm events at the same level). Data, not code:
 * each row yields the same behaviours.
 */
interface Row {
  setting: string;
  level: number;
  /** The removed property, when this row's clause family records its removal. */
  replaces?: string;
  /** An id setting (a group id, not any group-setting value). */
  idOnly?: boolean;
}

const ROWS: Row[] = [
  { setting: "can_create_public_channel_group", level: 264, replaces: "create_public_stream_policy" },
  { setting: "can_create_private_channel_group", level: 266, replaces: "create_private_stream_policy" },
  { setting: "can_create_web_public_channel_group", level: 280, replaces: "create_web_public_stream_policy" },
  { setting: "direct_message_initiator_group", level: 270, replaces: "private_message_policy" },
  { setting: "direct_message_permission_group", level: 270 },
  { setting: "can_create_groups", level: 299, replaces: "user_group_edit_policy" },
  { setting: "can_manage_all_groups", level: 299 },
  { setting: "can_delete_own_message_group", level: 291, replaces: "delete_own_message_policy" },
  { setting: "can_invite_users_group", level: 321, replaces: "invite_to_realm_policy" },
  { setting: "can_move_messages_between_topics_group", level: 316, replaces: "edit_topic_policy" },
  { setting: "can_move_messages_between_channels_group", level: 310, replaces: "move_messages_between_streams_policy" },
  { setting: "can_add_custom_emoji_group", level: 307, replaces: "add_custom_emoji_policy" },
  { setting: "can_add_subscribers_group", level: 341, replaces: "invite_to_stream_policy" },
  { setting: "can_create_bots_group", level: 344, replaces: "bot_creation_policy" },
  { setting: "can_create_write_only_bots_group", level: 344 },
  { setting: "can_mention_many_users_group", level: 352, replaces: "wildcard_mention_policy" },
  // can_access_all_users_group_id (FL225) is tested in suites/users/access.test.ts: now that the reference server limits
  // access to users, no change of it is harmless, so its tests run one at a time with the other access tests.
  { setting: "create_multiuse_invite_group", level: 209, idOnly: true },
];

const slug = (name: string) => name.replace(/_/g, "-");
const clauseOf = (r: Row, suffix = "") => `fl${r.level}.realm.${slug(r.setting)}${suffix}`;

/**
 * Another system group for the setting (administrators, or owners when it is administrators already). The suite
 * runs on a server of its own, one file at a time, and every change is undone after its test.
 */
async function harmlessNewValue(t: TestContext, r: Row): Promise<unknown> {
  const current = t.expect.schema(GroupSettingValue, (await realmState(t))[`realm_${r.setting}`], undefined, `realm_${r.setting}`);
  const admins = await systemGroupId(t, "role:administrators");
  // A system group: every level accepts one (anonymous groups only from FL309, tested on their own below).
  return current === admins ? systemGroupId(t, "role:owners") : admins;
}

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "owner"], isolated: true });

for (const r of ROWS) {
  behaviour(clauseOf(r), `PATCH /realm accepts ${r.setting}`, { id: `${clauseOf(r)}#patch-realm-accepts-${idPart(r.setting)}` }, async (t) => {
    const value = await harmlessNewValue(t, r);
    await withRealmSettings(t, { [r.setting]: r.idOnly ? (value as number) : { new: value } }, async (res) => {
      const body = t.expect.success(res);
      t.expect.ok(!ignoredOf(body).includes(r.setting), `${r.setting} to be read, not ignored`, body.ignored_parameters_unsupported, res.exchange);
      const after = await realmState(t);
      t.expect.equal(after[`realm_${r.setting}`], value, `realm_${r.setting} after the change`);
    });
  });

  // Below FL167 a server lists no ignored parameters, so there the only sign is that nothing changed.
  behaviour(
    [clauseOf(r), "fl167.server.ignored-parameters-unsupported"],
    `before FL${r.level} PATCH /realm does not know ${r.setting}`,
    { id: `${clauseOf(r)}#before-fl${r.level}-patch-realm-does-not-know-${idPart(r.setting)}`, gate: "before" },
    async (t) => {
      await withRealmSettings(t, { [r.setting]: 1 }, async (res) => {
        const body = t.expect.success(res);
        if (t.fl.atLeast(167)) {
          t.expect.ok(ignoredOf(body).includes(r.setting), `${r.setting} in ignored_parameters_unsupported`, res.json, res.exchange);
        }
        t.expect.absent(await realmState(t), `realm_${r.setting}`);
      });
    },
  );

  behaviour(
    clauseOf(r, "-register"),
    `POST /register returns realm_${r.setting} as a group-setting value`,
    { id: `${clauseOf(r, "-register")}#post-register-returns-realm-${idPart(r.setting)}-as-a-group-setting-value` },
    async (t) => {
      const state = await realmState(t);
      const value = t.expect.schema(GroupSettingValue, t.expect.present(state, `realm_${r.setting}`), undefined, `realm_${r.setting}`);
      if (r.idOnly) t.expect.ok(typeof value === "number", `realm_${r.setting} to be a group id`, value);
    },
  );

  behaviour(
    clauseOf(r, "-register"),
    `before FL${r.level} POST /register has no realm_${r.setting}`,
    { id: `${clauseOf(r, "-register")}#before-fl${r.level}-post-register-has-no-realm-${idPart(r.setting)}`, gate: "before" },
    async (t) => {
      t.expect.absent(await realmState(t), `realm_${r.setting}`);
    },
  );

  behaviour(
    clauseOf(r, "-event"),
    `a change of ${r.setting} arrives as a realm update_dict event`,
    {
      id: `${clauseOf(r, "-event")}#a-change-of-${idPart(r.setting)}-arrives-as-a-realm-update-dict-event`,
      // Watched as a member: every user, not only the one who changed the setting, is told.
      alsoNeeds: ["member"],
    },
    async (t) => {
      const value = await harmlessNewValue(t, r);
      const { queue } = await t.register("member", { event_types: ["realm"] });
      await withRealmSettings(t, { [r.setting]: r.idOnly ? (value as number) : { new: value } }, async (res) => {
        t.expect.success(res);
        const [ev] = await queue.until([
          eventOf("realm", (e) =>
            e.op === "update_dict" && typeof e.data === "object" && e.data !== null && r.setting in e.data
              ? null
              : `op ${String(e.op)} ${JSON.stringify(e.data ?? e.property)}`,
          ),
        ]);
        const dict = t.expect.schema(RealmUpdateDictEvent, ev, undefined, "the realm update_dict event");
        t.expect.equal(dict.data[r.setting], value, `data.${r.setting}`);
      });
    },
  );

  if (!r.replaces) continue;
  const removed = `fl${r.level}.realm.${slug(r.replaces)}-removed`;
  behaviour(
    removed,
    `from FL${r.level} PATCH /realm ignores ${r.replaces}`,
    { id: `${removed}#from-fl${r.level}-patch-realm-ignores-${idPart(r.replaces)}` },
    async (t) => {
      await withRealmSettings(t, { [r.replaces!]: 1 }, async (res) => {
        const ignored = ignoredOf(t.expect.success(res));
        t.expect.ok(ignored.includes(r.replaces!), `${r.replaces} in ignored_parameters_unsupported`, ignored, res.exchange);
      });
    },
  );

  behaviour(
    removed,
    `before FL${r.level} PATCH /realm changes ${r.replaces} and sends a realm update event`,
    { id: `${removed}#before-fl${r.level}-patch-realm-changes-${idPart(r.replaces)}-and-sends-a-realm-update-event`, alsoNeeds: ["member"], gate: "before" },
    async (t) => {
      const before = await realmState(t);
      const current = before[`realm_${r.replaces}`];
      const next = current === 2 ? 1 : 2;
      const { queue } = await t.register("member", { event_types: ["realm"] });
      await withRealmSettings(t, { [r.replaces!]: next }, async (res) => {
        t.expect.success(res);
        const [ev] = await queue.until([
          eventOf("realm", (e) => (e.op === "update" && e.property === r.replaces ? null : `op ${String(e.op)} property ${String(e.property)}`)),
        ]);
        t.expect.equal(t.expect.schema(RealmUpdateEvent, ev).value, next, `the ${r.replaces} event's value`);
      });
    },
  );
}

// --- fl309: anonymous groups in production ---

behaviour(
  ["fl309.realm.anonymous-group-values", "fl264.realm.can-create-public-channel-group"],
  "PATCH /realm accepts an anonymous group ({direct_members, direct_subgroups}) for a realm permission setting",
  { id: "fl309.realm.anonymous-group-values#patch-realm-accepts-an-anonymous-group-direct-members-direct-subgroups-for-a-realm-permission-setting" },
  async (t) => {
    const admins = await systemGroupId(t, "role:administrators");
    const value = { direct_members: [t.persona("owner").userId], direct_subgroups: [admins] };
    await withRealmSettings(t, { can_create_public_channel_group: { new: value } }, async (res) => {
      t.expect.success(res, "PATCH /realm with an anonymous group");
      t.expect.equal((await realmState(t)).realm_can_create_public_channel_group, value, "realm_can_create_public_channel_group after the change");
    });
  },
);

behaviour(
  ["fl309.realm.anonymous-group-values", "fl264.realm.can-create-public-channel-group"],
  "before FL309 a production server wants a system group: an anonymous group is refused with SYSTEM_GROUP_REQUIRED and the setting stays",
  {
    id: "fl309.realm.anonymous-group-values#before-fl309-a-production-server-wants-a-system-group-an-anonymous-group-is-refused-with-system-group-required-and-the-setting-stays",
    gate: "before",
    from: "fl264.realm.can-create-public-channel-group",
  },
  async (t) => {
    const admins = await systemGroupId(t, "role:administrators");
    const before = (await realmState(t)).realm_can_create_public_channel_group;
    await withRealmSettings(
      t,
      { can_create_public_channel_group: { new: { direct_members: [t.persona("owner").userId], direct_subgroups: [admins] } } },
      async (res) => {
        const body = t.expect.error(res, 400, "SYSTEM_GROUP_REQUIRED");
        t.expect.equal(body.setting_name, "can_create_public_channel_group", "setting_name of the error", res.exchange);
        t.expect.equal((await realmState(t)).realm_can_create_public_channel_group, before, "realm_can_create_public_channel_group after the refused change");
      },
    );
  },
);
