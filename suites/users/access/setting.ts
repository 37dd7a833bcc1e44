import { eventOf } from "../../../src/client/events.ts";
import type { Suite } from "../../../src/expect/suite.ts";
import type { TestContext } from "../../../src/expect/context.ts";
import { RealmUpdateDictEvent } from "../../../src/schemas/events/realm.ts";
import { GroupSettingValue } from "../../../src/schemas/group-setting-value.ts";
import { eventsThrough } from "../../support/events.ts";
import { realmState, systemGroupId, withRealmSettings } from "../../support/realm.ts";
import { ignoredOf } from "../../support/ignored.ts";

const SETTING = "can_access_all_users_group_id";

/**
 * role:members (which limits guests only), or role:everyone where the setting names role:members already (a run
 * that did not finish): the change must change something to be seen.
 */
async function otherValue(t: TestContext): Promise<number> {
  const members = await systemGroupId(t, "role:members");
  return (await realmState(t))[`realm_${SETTING}`] === members ? systemGroupId(t, "role:everyone") : members;
}

/**
 * The realm setting itself (FL225), the permission-settings row of suites/realm/permission-settings.test.ts moved
 * here: every change of it changes who can access users, so its tests run one at a time with the other access tests.
 * The new value is role:members, which limits guests only.
 */
export function settingTests({ behaviour }: Suite): void {
  behaviour(
    "fl225.realm.can-access-all-users-group-id",
    `PATCH /realm accepts ${SETTING}`,
    { id: "fl225.realm.can-access-all-users-group-id#patch-realm-accepts-can-access-all-users-group-id", alsoNeeds: ["member"] },
    async (t) => {
      const value = await otherValue(t);
      await withRealmSettings(t, { [SETTING]: value }, async (res) => {
        const ignored = ignoredOf(t.expect.success(res));
        t.expect.ok(!ignored.includes(SETTING), `${SETTING} to be read, not ignored`, ignored, res.exchange);
        t.expect.equal((await realmState(t))[`realm_${SETTING}`], value, `realm_${SETTING} after the change`);
      });
    },
  );

  behaviour(
    "fl225.realm.can-access-all-users-group-id",
    `before FL225 PATCH /realm does not know ${SETTING}`,
    {
      id: "fl225.realm.can-access-all-users-group-id#before-fl225-patch-realm-does-not-know-can-access-all-users-group-id",
      alsoNeeds: ["member"],
      gate: "before",
    },
    async (t) => {
      await withRealmSettings(t, { [SETTING]: 1 }, async (res) => {
        // Servers list ignored parameters everywhere only from FL167; before, the setting must simply have no effect.
        const ignored = t.expect.success(res).ignored_parameters_unsupported as string[] | undefined;
        if (ignored !== undefined) t.expect.ok(ignored.includes(SETTING), `${SETTING} in ignored_parameters_unsupported`, ignored, res.exchange);
        t.expect.absent(await realmState(t), `realm_${SETTING}`);
      });
    },
  );

  behaviour(
    "fl225.realm.can-access-all-users-group-id-register",
    `POST /register returns realm_${SETTING}, a group id`,
    { id: "fl225.realm.can-access-all-users-group-id-register#post-register-returns-realm-can-access-all-users-group-id-a-group-id", alsoNeeds: ["member"] },
    async (t) => {
      const value = t.expect.schema(GroupSettingValue, t.expect.present(await realmState(t), `realm_${SETTING}`), undefined, `realm_${SETTING}`);
      t.expect.ok(typeof value === "number", `realm_${SETTING} to be a group id`, value);
    },
  );

  behaviour(
    "fl225.realm.can-access-all-users-group-id-register",
    `before FL225 POST /register has no realm_${SETTING}`,
    {
      id: "fl225.realm.can-access-all-users-group-id-register#before-fl225-post-register-has-no-realm-can-access-all-users-group-id",
      alsoNeeds: ["member"],
      gate: "before",
    },
    async (t) => {
      t.expect.absent(await realmState(t), `realm_${SETTING}`);
    },
  );

  behaviour(
    "fl225.realm.can-access-all-users-group-id-event",
    `a change of ${SETTING} arrives as a realm update_dict event`,
    {
      id: "fl225.realm.can-access-all-users-group-id-event#a-change-of-can-access-all-users-group-id-arrives-as-a-realm-update-dict-event",
      alsoNeeds: ["member"],
    },
    async (t) => {
      const value = await otherValue(t);
      const { queue } = await t.register("member", { event_types: ["realm"] });
      await withRealmSettings(t, { [SETTING]: value }, async (res) => {
        t.expect.success(res);
        const [ev] = await queue.until([
          eventOf("realm", (e) => (e.op === "update_dict" && typeof e.data === "object" && e.data !== null && SETTING in e.data ? null : `op ${String(e.op)}`)),
        ]);
        t.expect.equal(t.expect.schema(RealmUpdateDictEvent, ev).data[SETTING], value, `data.${SETTING}`);
      });
    },
  );

  behaviour(
    "fl225.realm.can-access-all-users-group-id-event",
    `before FL225 PATCH /realm naming ${SETTING} sends no realm event for it`,
    {
      id: "fl225.realm.can-access-all-users-group-id-event#before-fl225-patch-realm-naming-can-access-all-users-group-id-sends-no-realm-event-for-it",
      alsoNeeds: ["member"],
      gate: "before",
    },
    async (t) => {
      const { queue } = await t.register("member", { event_types: ["realm"] });
      await withRealmSettings(t, { [SETTING]: 1 }, async (res) => {
        t.expect.success(res);
        // Marker: a harmless realm setting change whose update event comes after anything the first PATCH sent.
        const language = `conformance-${t.unique("lang").slice(-6)}`;
        await withRealmSettings(t, { default_code_block_language: language }, async () => {
          const seen = await eventsThrough(
            queue,
            eventOf("realm", (e) => (e.property === "default_code_block_language" && e.value === language ? null : "another realm event"), "update"),
          );
          const named = seen.filter(
            (e) => e.type === "realm" && (e.property === SETTING || (typeof e.data === "object" && e.data !== null && SETTING in e.data)),
          );
          t.expect.equal(named.length, 0, `realm events carrying ${SETTING}`);
        });
      });
    },
  );
}
