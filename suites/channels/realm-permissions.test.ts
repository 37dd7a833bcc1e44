import { defineSuite } from "../../src/expect/suite.ts";
import { idPart } from "../../src/expect/id-part.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import { createChannel, createChannelRaw } from "../support/channels.ts";
import { realmState, systemGroupId, withRealmSettings } from "../support/realm.ts";

/**
 * The organization's channel permissions (FL264, FL266, FL280, FL341) as POST /users/me/subscriptions enforces
 * them, and the deprecated policy fields register keeps. Changes realm settings: an isolated suite.
 */

type Role = "owner" | "administrator" | "moderator" | "member" | "secondMember";
const { behaviour } = defineSuite(import.meta.url, { needs: ["owner", "administrator", "moderator", "member", "secondMember"], isolated: true });

/** Tries to create a channel as `role`; one that is created is archived when the test ends. */
const create = (t: TestContext, role: Role, extra: ParamMap = {}) => createChannelRaw(t, role, undefined, extra, "perm").res;

/** Runs `fn` with a realm group setting changed; the prerequisite change must succeed. */
async function withSetting(t: TestContext, setting: string, value: unknown, fn: () => Promise<void>): Promise<void> {
  await withRealmSettings(t, { [setting]: { new: value } }, async (res) => {
    await t.given(`set ${setting}`, async () => t.expect.success(res, `PATCH /realm ${setting}`));
    await fn();
  });
}

const CREATE_ROWS = [
  { clause: "fl264.realm.can-create-public-channel-group-enforced", setting: "can_create_public_channel_group", extra: {}, level: 264 },
  { clause: "fl266.realm.can-create-private-channel-group-enforced", setting: "can_create_private_channel_group", extra: { invite_only: true }, level: 266 },
] as const;

for (const row of CREATE_ROWS) {
  behaviour(
    row.clause,
    `only members of ${row.setting} may create such channels`,
    { id: `${row.clause}#only-members-of-${idPart(row.setting)}-may-create-such-channels` },
    async (t) => {
      await withSetting(t, row.setting, await systemGroupId(t, "role:administrators"), async () => {
        t.expect.error(await create(t, "member", row.extra), 400, "BAD_REQUEST");
        t.expect.success(await create(t, "administrator", row.extra));
      });
    },
  );

  behaviour(
    row.clause,
    `before FL${row.level} ${row.setting} does not limit who creates channels`,
    { id: `${row.clause}#before-fl${row.level}-${idPart(row.setting)}-does-not-limit-who-creates-channels`, gate: "before" },
    async (t) => {
      await withSetting(t, row.setting, await systemGroupId(t, "role:administrators"), async () => {
        t.expect.success(await create(t, "member", row.extra));
      });
    },
  );
}

behaviour(
  "fl280.realm.can-create-web-public-channel-group-enforced",
  "only members of can_create_web_public_channel_group may create web-public channels",
  { id: "fl280.realm.can-create-web-public-channel-group-enforced#only-members-of-can-create-web-public-channel-group-may-create-web-public-channels" },
  async (t) => {
    await withSetting(t, "can_create_web_public_channel_group", await systemGroupId(t, "role:administrators"), async () => {
      t.expect.success(await create(t, "administrator", { is_web_public: true }));
      t.expect.error(await create(t, "moderator", { is_web_public: true }), 400, "BAD_REQUEST");
    });
  },
);

behaviour(
  "fl280.realm.can-create-web-public-channel-group-enforced",
  "before FL280 can_create_web_public_channel_group does not let a member create web-public channels",
  {
    id: "fl280.realm.can-create-web-public-channel-group-enforced#before-fl280-can-create-web-public-channel-group-does-not-let-a-member-create-web-public-channels",
    gate: "before",
  },
  async (t) => {
    await withSetting(t, "can_create_web_public_channel_group", await systemGroupId(t, "role:members"), async () => {
      t.expect.error(await create(t, "member", { is_web_public: true }), 400, "BAD_REQUEST");
    });
  },
);

behaviour(
  "fl341.realm.can-add-subscribers-group-enforced",
  "only members of can_add_subscribers_group may subscribe other users",
  { id: "fl341.realm.can-add-subscribers-group-enforced#only-members-of-can-add-subscribers-group-may-subscribe-other-users" },
  async (t) => {
    const channel = await createChannel(t, "member", ["member"]);
    const principals = [t.persona("secondMember").userId];
    await withSetting(t, "can_add_subscribers_group", await systemGroupId(t, "role:administrators"), async () => {
      t.expect.error(await t.api("member").post("/users/me/subscriptions", { subscriptions: [{ name: channel.name }], principals }), 400, "BAD_REQUEST");
      t.expect.success(await t.api("administrator").post("/users/me/subscriptions", { subscriptions: [{ name: channel.name }], principals }));
    });
  },
);

behaviour(
  "fl341.realm.can-add-subscribers-group-enforced",
  "before FL341 can_add_subscribers_group does not limit who subscribes others",
  { id: "fl341.realm.can-add-subscribers-group-enforced#before-fl341-can-add-subscribers-group-does-not-limit-who-subscribes-others", gate: "before" },
  async (t) => {
    const channel = await createChannel(t, "member", ["member"]);
    await withSetting(t, "can_add_subscribers_group", await systemGroupId(t, "role:administrators"), async () => {
      t.expect.success(
        await t.api("member").post("/users/me/subscriptions", { subscriptions: [{ name: channel.name }], principals: [t.persona("secondMember").userId] }),
      );
    });
  },
);

const POLICY_ROWS = [
  {
    clause: "fl264.register.create-public-stream-policy-deprecated",
    group: "can_create_public_channel_group",
    policy: "create_public_stream_policy",
    level: 264,
  },
  {
    clause: "fl266.register.create-private-stream-policy-deprecated",
    group: "can_create_private_channel_group",
    policy: "create_private_stream_policy",
    level: 266,
  },
  {
    clause: "fl280.register.create-web-public-stream-policy-deprecated",
    group: "can_create_web_public_channel_group",
    policy: "create_web_public_stream_policy",
    level: 280,
  },
] as const;

for (const row of POLICY_ROWS) {
  behaviour(
    row.clause,
    `register keeps realm_${row.policy}, approximating ${row.group} from FL${row.level}`,
    { id: `${row.clause}#register-keeps-realm-${idPart(row.policy)}-approximating-${idPart(row.group)}-from-fl${row.level}`, gate: "always" },
    async (t) => {
      // Administrators only: policy 2 for every one of these policies, before (as set) and after (as approximated).
      const change = t.fl.atLeast(row.level) ? { [row.group]: { new: await systemGroupId(t, "role:administrators") } } : { [row.policy]: 2 };
      await withRealmSettings(t, change, async (res) => {
        await t.given("change the permission", async () => t.expect.success(res));
        t.expect.equal((await realmState(t))[`realm_${row.policy}`], 2, `realm_${row.policy}`);
      });
    },
  );
}
