import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { MultiuseInviteResponse } from "../../src/schemas/invite.ts";
import { sharedChannel } from "../support/channels.ts";
import { channelIdOf, invite, listInvites } from "../support/invitations.ts";
import { systemGroupId, withRealmSettings } from "../support/realm.ts";
import { revokeLinkLater } from "../support/cleanup.ts";

/** Isolated: these tests change who may invite, organization-wide. */
const { behaviour } = defineSuite(import.meta.url, { needs: ["owner", "administrator", "member", "secondMember"], isolated: true });

/** Runs `fn` while create_multiuse_invite_group (a group id) names the system group. */
async function withMultiuseGroup(t: TestContext, group: string, fn: () => Promise<void>): Promise<void> {
  const id = await systemGroupId(t, group);
  await withRealmSettings(t, { create_multiuse_invite_group: id }, async (res) => {
    await t.given(`PATCH /realm create_multiuse_invite_group to ${group}`, async () => void t.expect.success(res, "PATCH /realm"));
    await fn();
  });
}

behaviour(
  "fl321.realm.can-invite-users-group-enforced",
  "with can_invite_users_group set to administrators, a member cannot send email invitations and an administrator can",
  {
    id: "fl321.realm.can-invite-users-group-enforced#with-can-invite-users-group-set-to-administrators-a-member-cannot-send-email-invitations-and-an-administrator-can",
  },
  async (t) => {
    const admins = await systemGroupId(t, "role:administrators");
    const general = await channelIdOf(t, sharedChannel(t));
    await withRealmSettings(t, { can_invite_users_group: { new: admins } }, async (res) => {
      await t.given("PATCH /realm can_invite_users_group", async () => void t.expect.success(res, "PATCH /realm"));
      t.expect.error((await invite(t, t.api("member"), { stream_ids: [general] })).res, 400, "BAD_REQUEST");
      t.expect.success((await invite(t, t.api("administrator"), { stream_ids: [general] })).res, "POST /invites as an administrator");
    });
  },
);

behaviour(
  "fl321.realm.can-invite-users-group-enforced",
  "before FL321, invite_to_realm_policy 2 (administrators) keeps members from sending email invitations",
  {
    id: "fl321.realm.can-invite-users-group-enforced#before-fl321-invite-to-realm-policy-2-administrators-keeps-members-from-sending-email-invitations",
    gate: "before",
  },
  async (t) => {
    const general = await channelIdOf(t, sharedChannel(t));
    await withRealmSettings(t, { invite_to_realm_policy: 2 }, async (res) => {
      await t.given("PATCH /realm invite_to_realm_policy", async () => void t.expect.success(res, "PATCH /realm"));
      t.expect.error((await invite(t, t.api("member"), { stream_ids: [general] })).res, 400, "BAD_REQUEST");
      t.expect.success((await invite(t, t.api("administrator"), { stream_ids: [general] })).res, "POST /invites as an administrator");
    });
  },
);

behaviour(
  ["fl209.realm.create-multiuse-invite-group-enforced", "fl209.invitations.multiuse-non-admins"],
  "members of create_multiuse_invite_group create reusable links; others cannot",
  { id: "fl209.realm.create-multiuse-invite-group-enforced#members-of-create-multiuse-invite-group-create-reusable-links-others-cannot" },
  async (t) => {
    await withMultiuseGroup(t, "role:administrators", async () => {
      t.expect.error(await t.api("member").post("/invites/multiuse", {}), 400, "BAD_REQUEST");
    });
    await withMultiuseGroup(t, "role:members", async () => {
      const res = await t.api("member").post("/invites/multiuse", {});
      if (typeof res.json?.invite_link === "string") revokeLinkLater(t, res.json.invite_link);
      t.expect.schema(MultiuseInviteResponse, t.expect.success(res, "POST /invites/multiuse as a member of the group"), res.exchange);
    });
  },
);

behaviour(
  "fl209.invitations.revoke-own-link",
  "a member revokes a reusable link it created; another member cannot",
  { id: "fl209.invitations.revoke-own-link#a-member-revokes-a-reusable-link-it-created-another-member-cannot" },
  async (t) => {
    await withMultiuseGroup(t, "role:members", async () => {
      const created = await t.must("POST /invites/multiuse as the member", t.api("member").post("/invites/multiuse", {}));
      const link = created.invite_link as string;
      revokeLinkLater(t, link);
      const mine = (await listInvites(t, t.api("member"))).find((i) => i.is_multiuse && i.link_url === link);
      t.expect.ok(mine !== undefined, `the member's GET /invites to list its link ${link}`, mine);
      t.expect.error(await t.api("secondMember").delete(`/invites/multiuse/${mine!.id}`), 400, ["BAD_REQUEST", "UNAUTHORIZED_PRINCIPAL"]);
      t.expect.success(await t.api("member").delete(`/invites/multiuse/${mine!.id}`), "DELETE /invites/multiuse/{invite_id} by its creator");
      // Email invitations and reusable links number their ids separately: compare links with links.
      const after = (await listInvites(t, t.api("member"))).filter((i) => i.is_multiuse).map((i) => i.id);
      t.expect.ok(!after.includes(mine!.id), `link ${mine!.id} gone from the reusable links in GET /invites`, after);
    });
  },
);
