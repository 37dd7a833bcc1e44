import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { MultiuseInviteResponse } from "../../src/schemas/invite.ts";
import { InvitesChangedEvent } from "../../src/schemas/events/invites-changed.ts";
import { eventsThrough } from "../support/events.ts";
import { sharedChannel } from "../support/channels.ts";
import { channelIdOf, invite, listInvites } from "../support/invitations.ts";
import { freshUser } from "../support/users.ts";
import { revokeLinkLater } from "../support/cleanup.ts";

/** A member's invitations: the administrator revokes them when the test ends (before FL209 nobody else may list them). */
const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "administrator"] });

behaviour(
  ["fl180.invitations.empty-channel-list", "fl157.invitations.empty-channel-list-backport"],
  "POST /invites accepts an empty list of channels from FL180 (and at the 6.2 level 157), refuses it otherwise",
  {
    id: "fl180.invitations.empty-channel-list#post-invites-accepts-an-empty-list-of-channels-from-fl180-and-at-the-6-2-level-157-refuses-it-otherwise",
    gate: "always",
  },
  async (t) => {
    const { res } = await invite(t, t.api("member"), { stream_ids: [] });
    const accepted = t.fl.atLeast(180) || (t.fl.atLeast(157) && !t.fl.atLeast(158));
    if (accepted) t.expect.success(res, "POST /invites with stream_ids []");
    else t.expect.error(res, 400, "BAD_REQUEST");
  },
);

behaviour(
  ["fl267.invitations.notify-referrer-field", "fl267.invitations.notify-referrer-param"],
  "GET /invites shows notify_referrer_on_join as POST /invites set it from FL267, and leaves it out before",
  {
    id: "fl267.invitations.notify-referrer-field#get-invites-shows-notify-referrer-on-join-as-post-invites-set-it-from-fl267-and-leaves-it-out-before",
    needs: ["administrator", "member"],
    gate: "always",
  },
  async (t) => {
    const { email, res } = await invite(t, t.api("member"), { stream_ids: [await channelIdOf(t, sharedChannel(t))], notify_referrer_on_join: false });
    t.expect.success(res, "POST /invites with notify_referrer_on_join false");
    const mine = (await listInvites(t, t.api("administrator"))).find((i) => i.email === email);
    t.expect.ok(mine !== undefined, `GET /invites to list the invitation of ${email}`, mine);
    if (t.fl.atLeast(267)) t.expect.equal(mine!.notify_referrer_on_join, false, "notify_referrer_on_join of the invitation");
    else t.expect.absent(mine!, "notify_referrer_on_join");
  },
);

behaviour(
  "fl267.invitations.notify-referrer-param",
  "POST /invites validates notify_referrer_on_join as a boolean from FL267 and ignores it before",
  {
    id: "fl267.invitations.notify-referrer-param#post-invites-validates-notify-referrer-on-join-as-a-boolean-from-fl267-and-ignores-it-before",
    gate: "always",
  },
  async (t) => {
    const { res } = await invite(t, t.api("member"), { stream_ids: [await channelIdOf(t, sharedChannel(t))], notify_referrer_on_join: "maybe" });
    if (t.fl.atLeast(267)) t.expect.error(res, 400, "BAD_REQUEST");
    else t.expect.success(res, "POST /invites with an unread notify_referrer_on_join");
  },
);

behaviour(
  "fl261.invitations.include-realm-default-subscriptions",
  "POST /invites reads include_realm_default_subscriptions from FL261 and ignores it before",
  {
    id: "fl261.invitations.include-realm-default-subscriptions#post-invites-reads-include-realm-default-subscriptions-from-fl261-and-ignores-it-before",
    gate: "always",
  },
  async (t) => {
    const general = await channelIdOf(t, sharedChannel(t));
    const bad = await invite(t, t.api("member"), { stream_ids: [general], include_realm_default_subscriptions: "maybe" });
    if (!t.fl.atLeast(261)) {
      t.expect.success(bad.res, "POST /invites with an unread include_realm_default_subscriptions");
      return;
    }
    t.expect.error(bad.res, 400, "BAD_REQUEST");
    const { res } = await invite(t, t.api("member"), { stream_ids: [general], include_realm_default_subscriptions: true });
    const body = t.expect.success(res, "POST /invites with include_realm_default_subscriptions true");
    const ignored = (body.ignored_parameters_unsupported ?? []) as string[];
    t.expect.ok(!ignored.includes("include_realm_default_subscriptions"), "include_realm_default_subscriptions not among the ignored parameters", ignored);
  },
);

behaviour(
  "fl261.invitations.multiuse-include-realm-default-subscriptions",
  "POST /invites/multiuse reads include_realm_default_subscriptions from FL261 and ignores it before",
  {
    id: "fl261.invitations.multiuse-include-realm-default-subscriptions#post-invites-multiuse-reads-include-realm-default-subscriptions-from-fl261-and-ignores-it-before",
    needs: ["administrator"],
    gate: "always",
  },
  async (t) => {
    const res = await t.api("administrator").post("/invites/multiuse", { include_realm_default_subscriptions: "maybe" });
    if (typeof res.json?.invite_link === "string") revokeLinkLater(t, res.json.invite_link);
    if (!t.fl.atLeast(261)) {
      t.expect.schema(MultiuseInviteResponse, t.expect.success(res, "POST /invites/multiuse with an unread parameter"), res.exchange);
      return;
    }
    t.expect.error(res, 400, "BAD_REQUEST");
    const ok = await t.api("administrator").post("/invites/multiuse", { include_realm_default_subscriptions: true });
    if (typeof ok.json?.invite_link === "string") revokeLinkLater(t, ok.json.invite_link);
    t.expect.schema(MultiuseInviteResponse, t.expect.success(ok, "POST /invites/multiuse with include_realm_default_subscriptions true"), ok.exchange);
  },
);

behaviour(
  "fl209.invitations.list-own-for-non-admins",
  "GET /invites lists a non-administrator's own invitations from FL209 (and not others'); before, it is for administrators",
  {
    id: "fl209.invitations.list-own-for-non-admins#get-invites-lists-a-non-administrator-s-own-invitations-from-fl209-and-not-others-before-it-is-for-administrators",
    needs: ["member", "secondMember", "administrator"],
    gate: "always",
  },
  async (t) => {
    const general = await channelIdOf(t, sharedChannel(t));
    const own = await invite(t, t.api("member"), { stream_ids: [general] });
    t.expect.success(own.res, "POST /invites as the member");
    const other = await invite(t, t.api("secondMember"), { stream_ids: [general] });
    t.expect.success(other.res, "POST /invites as the second member");
    if (!t.fl.atLeast(209)) {
      t.expect.error(await t.api("member").get("/invites"), 400, ["UNAUTHORIZED_PRINCIPAL", "BAD_REQUEST"]);
      return;
    }
    const emails = (await listInvites(t, t.api("member"))).map((i) => i.email);
    t.expect.ok(emails.includes(own.email), `the member's GET /invites to list its own invitation of ${own.email}`, emails);
    t.expect.ok(!emails.includes(other.email), `the member's GET /invites not to list the second member's invitation of ${other.email}`, emails);
  },
);

behaviour(
  ["fl209.invitations.invites-changed-recipients", "fl153.invitations.invites-changed-admins-only"],
  "invites_changed reaches administrators and, from FL209, the invitation's creator",
  {
    id: "fl209.invitations.invites-changed-recipients#invites-changed-reaches-administrators-and-from-fl209-the-invitation-s-creator",
    needs: ["administrator"],
    gate: "always",
  },
  async (t) => {
    const creator = await freshUser(t, "inviter");
    const admin = await t.register("administrator", { event_types: ["invites_changed"], fetch_event_types: [] });
    const own = await t.register(creator.client, { event_types: ["invites_changed", "message"], fetch_event_types: [] });
    const { res } = await invite(t, creator.client, { stream_ids: [await channelIdOf(t, sharedChannel(t))] });
    t.expect.success(res, "POST /invites as a fresh member");
    const [ev] = await admin.queue.until([eventOf("invites_changed")]);
    t.expect.schema(InvitesChangedEvent, ev, undefined, "invites_changed event");
    if (t.fl.atLeast(209)) {
      await own.queue.until([eventOf("invites_changed")]);
      return;
    }
    await t.must("the creator sends itself a message (a marker)", creator.client.post("/messages", { type: "private", to: [creator.id], content: "marker" }));
    const seen = await eventsThrough(own.queue, eventOf("message"));
    t.expect.ok(
      !seen.some((e) => e.type === "invites_changed"),
      "no invites_changed for the creator before FL209",
      seen.map((e) => e.type),
    );
  },
);

behaviour(
  "fl153.invitations.multiuse-admins-only",
  "before FL209 only administrators create reusable invitation links",
  { id: "fl153.invitations.multiuse-admins-only#before-fl209-only-administrators-create-reusable-invitation-links", needs: ["administrator", "member"] },
  async (t) => {
    t.expect.error(await t.api("member").post("/invites/multiuse", {}), 400, ["UNAUTHORIZED_PRINCIPAL", "BAD_REQUEST"]);
    const res = await t.api("administrator").post("/invites/multiuse", {});
    if (typeof res.json?.invite_link === "string") revokeLinkLater(t, res.json.invite_link);
    t.expect.schema(MultiuseInviteResponse, t.expect.success(res, "POST /invites/multiuse as an administrator"), res.exchange);
  },
);
