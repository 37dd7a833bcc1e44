import type { ApiResponse } from "../../src/client/client.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import { systemGroupId, withRealmSettings } from "../support/realm.ts";
import { freshUser } from "../support/users.ts";
import { deactivateBotLater } from "../support/cleanup.ts";

/**
 * Realm permission settings at work: who may start and take part in direct messages (FL270), add custom emoji
 * (FL307) and create bots (FL344); before each level, the policy the setting replaced. Each test narrows a
 * permission for its own length: this file changes organization settings and is an isolated suite.
 */

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "owner", "member", "secondMember"], isolated: true });

/** Runs `fn` with the settings changed; a refusal of the change blocks the test. */
async function withSettings(t: TestContext, changes: ParamMap, fn: () => Promise<void>): Promise<void> {
  await withRealmSettings(t, changes, async (res) => {
    await t.given(`change ${Object.keys(changes).join(", ")} with PATCH /realm`, async () => t.expect.success(res));
    await fn();
  });
}

async function groupValue(t: TestContext, name: string): Promise<{ new: number }> {
  return { new: await systemGroupId(t, name) };
}

// --- direct messages (FL270) ---

const dm = (client: ReturnType<TestContext["api"]>, to: number[], t: TestContext): Promise<ApiResponse> =>
  client.post("/messages", { type: "private", to, content: `dm ${t.unique("dm")}` });

behaviour(
  "fl270.realm.direct-message-initiator-group-enforced",
  "outside direct_message_initiator_group a user cannot start a conversation but can reply",
  { id: "fl270.realm.direct-message-initiator-group-enforced#outside-direct-message-initiator-group-a-user-cannot-start-a-conversation-but-can-reply" },
  async (t) => {
    const u = await freshUser(t, "dm-starter");
    // The user's messages go before the user does: once it is deactivated, no persona may delete a conversation it
    // is not part of, and the member would keep them.
    const sent: number[] = [];
    t.cleanup("the new user's direct messages", async () => {
      for (const id of sent) {
        const res = await u.client.delete(`/messages/${id}`);
        if (res.status !== 200) throw new Error(`DELETE /messages/${id} answered HTTP ${res.status}`);
      }
    });
    const first = await t.must("start a conversation with the member while anyone may", dm(u.client, [t.persona("member").userId], t));
    sent.push(first.id as number);
    await withSettings(t, { direct_message_initiator_group: await groupValue(t, "role:administrators") }, async () => {
      t.expect.error(await dm(u.client, [t.persona("secondMember").userId], t), 400, "BAD_REQUEST");
      const reply = await dm(u.client, [t.persona("member").userId], t);
      t.expect.success(reply, "a message in the conversation that already exists");
      sent.push(reply.json!.id as number);
    });
  },
);

behaviour(
  "fl270.realm.direct-message-permission-group-enforced",
  "a direct message needs a member of direct_message_permission_group among its participants",
  { id: "fl270.realm.direct-message-permission-group-enforced#a-direct-message-needs-a-member-of-direct-message-permission-group-among-its-participants" },
  async (t) => {
    await withSettings(t, { direct_message_permission_group: await groupValue(t, "role:administrators") }, async () => {
      t.expect.error(await dm(t.api("member"), [t.persona("secondMember").userId], t), 400, "BAD_REQUEST");
      t.expect.success(await dm(t.api("member"), [t.persona("administrator").userId], t), "a direct message with an administrator taking part");
    });
  },
);

behaviour(
  ["fl270.realm.direct-message-initiator-group-enforced", "fl270.realm.direct-message-permission-group-enforced"],
  "before FL270 private_message_policy decides whether direct messages may be sent",
  {
    id: "fl270.realm.direct-message-initiator-group-enforced#before-fl270-private-message-policy-decides-whether-direct-messages-may-be-sent",
    gate: "before" as const,
  },
  async (t) => {
    await withSettings(t, { private_message_policy: 2 }, async () => {
      t.expect.error(await dm(t.api("member"), [t.persona("secondMember").userId], t), 400, "BAD_REQUEST");
    });
    t.expect.success(await dm(t.api("member"), [t.persona("secondMember").userId], t), "a direct message with private_message_policy back on");
  },
);

// --- custom emoji (FL307) ---

/** A 1×1 PNG. */
const PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"));

function addEmoji(t: TestContext, role: PersonaRole, name: string): Promise<ApiResponse> {
  return t
    .api(role)
    .post(`/realm/emoji/${name}`, {}, { encoding: "multipart", files: [{ field: "file", filename: `${name}.png`, contentType: "image/png", data: PNG }] });
}

/** Who may add emoji under the current settings: the member is refused, the administrator's emoji is added (and removed when the test ends). */
async function onlyAdminsAddEmoji(t: TestContext): Promise<void> {
  const name = t
    .unique("emoji")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  const add = async (role: PersonaRole) => {
    const res = await addEmoji(t, role, name);
    if (res.status === 200) t.cleanup(`custom emoji ${name}`, () => t.api("administrator").delete(`/realm/emoji/${name}`));
    return res;
  };
  t.expect.error(await add("member"), 400, "BAD_REQUEST");
  t.expect.success(await add("administrator"), "POST /realm/emoji/{emoji_name} as the administrator");
}

behaviour(
  "fl307.realm.can-add-custom-emoji-group-enforced",
  "only members of can_add_custom_emoji_group add custom emoji",
  { id: "fl307.realm.can-add-custom-emoji-group-enforced#only-members-of-can-add-custom-emoji-group-add-custom-emoji" },
  async (t) => {
    await withSettings(t, { can_add_custom_emoji_group: await groupValue(t, "role:administrators") }, () => onlyAdminsAddEmoji(t));
  },
);

behaviour(
  "fl307.realm.can-add-custom-emoji-group-enforced",
  "before FL307 add_custom_emoji_policy decides who adds custom emoji",
  { id: "fl307.realm.can-add-custom-emoji-group-enforced#before-fl307-add-custom-emoji-policy-decides-who-adds-custom-emoji", gate: "before" as const },
  async (t) => {
    await withSettings(t, { add_custom_emoji_policy: 2 }, () => onlyAdminsAddEmoji(t));
  },
);

// --- bots (FL344); bot_type 1 generic, 2 incoming webhook (the catalog's ruling on the write-only group) ---

/** POST /bots as `role`; a bot it creates is deactivated when the test ends. */
async function createBot(t: TestContext, role: PersonaRole, botType: 1 | 2): Promise<ApiResponse> {
  const short = t
    .unique("bot")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  const res = await t.api(role).post("/bots", { full_name: `Bot ${short.slice(-8)}`, short_name: short, bot_type: botType });
  if (typeof res.json?.user_id === "number") deactivateBotLater(t, res.json.user_id);
  return res;
}

behaviour(
  "fl344.realm.can-create-bots-group-enforced",
  "outside can_create_bots_group (and the write-only group) a member creates no bot",
  { id: "fl344.realm.can-create-bots-group-enforced#outside-can-create-bots-group-and-the-write-only-group-a-member-creates-no-bot" },
  async (t) => {
    const admins = await groupValue(t, "role:administrators");
    await withSettings(t, { can_create_bots_group: admins, can_create_write_only_bots_group: admins }, async () => {
      t.expect.error(await createBot(t, "member", 1), 400, "BAD_REQUEST");
      t.expect.error(await createBot(t, "member", 2), 400, "BAD_REQUEST");
      t.expect.success(await createBot(t, "administrator", 1), "POST /bots as a member of can_create_bots_group");
    });
  },
);

behaviour(
  "fl344.realm.can-create-write-only-bots-group-enforced",
  "members of can_create_write_only_bots_group create incoming-webhook bots only",
  { id: "fl344.realm.can-create-write-only-bots-group-enforced#members-of-can-create-write-only-bots-group-create-incoming-webhook-bots-only" },
  async (t) => {
    await withSettings(
      t,
      { can_create_bots_group: await groupValue(t, "role:administrators"), can_create_write_only_bots_group: await groupValue(t, "role:members") },
      async () => {
        t.expect.success(await createBot(t, "member", 2), "an incoming-webhook bot as a member of can_create_write_only_bots_group");
        t.expect.error(await createBot(t, "member", 1), 400, "BAD_REQUEST");
      },
    );
  },
);

behaviour(
  "fl344.realm.can-create-bots-group-enforced",
  "before FL344 bot_creation_policy 2 lets only administrators create bots",
  { id: "fl344.realm.can-create-bots-group-enforced#before-fl344-bot-creation-policy-2-lets-only-administrators-create-bots", gate: "before" as const },
  async (t) => {
    await withSettings(t, { bot_creation_policy: 2 }, async () => {
      t.expect.error(await createBot(t, "member", 2), 400, "BAD_REQUEST");
      t.expect.success(await createBot(t, "administrator", 1), "POST /bots as an administrator");
    });
  },
);

behaviour(
  "fl344.realm.can-create-write-only-bots-group-enforced",
  "before FL344 bot_creation_policy 3 leaves members only non-generic bots",
  {
    id: "fl344.realm.can-create-write-only-bots-group-enforced#before-fl344-bot-creation-policy-3-leaves-members-only-non-generic-bots",
    gate: "before" as const,
  },
  async (t) => {
    await withSettings(t, { bot_creation_policy: 3 }, async () => {
      t.expect.success(await createBot(t, "member", 2), "an incoming-webhook bot as a member");
      t.expect.error(await createBot(t, "member", 1), 400, "BAD_REQUEST");
    });
  },
);
