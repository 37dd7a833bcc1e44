import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { StreamCreateEvent, StreamDeleteEvent } from "../../src/schemas/events/stream.ts";
import { SubscriptionAddEvent } from "../../src/schemas/events/subscription.ts";
import { byUserId, createChannel, createChannelRaw, listedChannelIds } from "../support/channels.ts";
import { ignoredOf } from "../support/ignored.ts";

/** GET /streams (FL356), the channel email address (FL335), archiving (FL343), creation by subscribing, principals errors (FL208). */

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "member", "secondMember"] });
const NOTHING_ELSE = { include_public: false, include_subscribed: false };

// --- creation, subscription properties, principals ------------------------------------------------------------------

behaviour(
  "fl153.channels.create-by-subscribing",
  "subscribing to a new name creates the channel, with stream create and subscription add events",
  { id: "fl153.channels.create-by-subscribing#subscribing-to-a-new-name-creates-the-channel-with-stream-create-and-subscription-add-events", gate: "always" },
  async (t) => {
    const { queue } = await t.register("member", { event_types: ["stream", "subscription"] });
    const { name, res } = createChannelRaw(t, "member");
    const body = t.expect.success(await res);
    t.expect.equal(byUserId(t, body.subscribed), { [String(t.persona("member").userId)]: [name] }, "subscribed");
    const named = (list: unknown) => ((list as Array<{ name?: string }> | undefined)?.some((s) => s.name === name) ? null : "another channel");
    const [created, added] = await queue.until([
      eventOf("stream", (e) => named(e.streams), "create"),
      eventOf("subscription", (e) => named(e.subscriptions), "add"),
    ]);
    t.expect.schema(StreamCreateEvent, created, undefined, "the stream create event");
    t.expect.schema(SubscriptionAddEvent, added, undefined, "the subscription add event");
  },
);

behaviour(
  "fl111.channels.subscription-properties-ignored-parameters",
  "POST /users/me/subscriptions/properties lists parameters it does not support",
  {
    id: "fl111.channels.subscription-properties-ignored-parameters#post-users-me-subscriptions-properties-lists-parameters-it-does-not-support",
    gate: "always",
  },
  async (t) => {
    const channel = await createChannel(t, "member", ["member"]);
    const res = await t
      .api("member")
      .post("/users/me/subscriptions/properties", { subscription_data: [{ stream_id: channel.id, property: "is_muted", value: false }], not_a_parameter: "x" });
    const body = t.expect.success(res);
    t.expect.equal(ignoredOf(body), ["not_a_parameter"], "ignored_parameters_unsupported", res.exchange);
  },
);

behaviour(
  ["fl208.channels.bad-principal", "fl153.channels.bad-principal-unauthorized"],
  "an unknown principal is 400 BAD_REQUEST from FL208, 403 UNAUTHORIZED_PRINCIPAL before",
  { id: "fl208.channels.bad-principal#an-unknown-principal-is-400-bad-request-from-fl208-403-unauthorized-principal-before", gate: "always" },
  async (t) => {
    const channel = await createChannel(t, "member", ["member"]);
    const unknown = 987_654_321;
    for (const res of [
      await t.api("member").post("/users/me/subscriptions", { subscriptions: [{ name: channel.name }], principals: [unknown] }),
      await t.api("member").delete("/users/me/subscriptions", { subscriptions: [channel.name], principals: [unknown] }),
    ]) {
      if (t.fl.atLeast(208)) t.expect.error(res, 400, "BAD_REQUEST");
      else t.expect.error(res, 403, "UNAUTHORIZED_PRINCIPAL");
    }
  },
);

// --- GET /streams (FL356) -------------------------------------------------------------------------------------------

behaviour(
  "fl356.channels.include-can-access-content",
  "GET /streams include_can_access_content returns the channels whose content the user can read",
  { id: "fl356.channels.include-can-access-content#get-streams-include-can-access-content-returns-the-channels-whose-content-the-user-can-read" },
  async (t) => {
    const mine = await createChannel(t, "member", ["member"], { invite_only: true });
    const theirs = await createChannel(t, "secondMember", ["secondMember"], { invite_only: true });
    const ids = await listedChannelIds(t, "member", { ...NOTHING_ELSE, include_can_access_content: true });
    t.expect.ok(ids.has(mine.id) && !ids.has(theirs.id), `channel ${mine.id} listed and ${theirs.id} not`, [...ids]);
  },
);

behaviour(
  "fl356.channels.include-can-access-content",
  "before FL356 GET /streams does not read include_can_access_content",
  { id: "fl356.channels.include-can-access-content#before-fl356-get-streams-does-not-read-include-can-access-content", gate: "before" },
  async (t) => {
    const mine = await createChannel(t, "member", ["member"], { invite_only: true });
    const ids = await listedChannelIds(t, "member", { ...NOTHING_ELSE, include_can_access_content: true });
    t.expect.ok(!ids.has(mine.id), `channel ${mine.id} not listed`, [...ids]);
  },
);

behaviour(
  "fl356.channels.include-all-renamed",
  "GET /streams include_all returns every channel the administrator has metadata access to",
  { id: "fl356.channels.include-all-renamed#get-streams-include-all-returns-every-channel-the-administrator-has-metadata-access-to" },
  async (t) => {
    const hidden = await createChannel(t, "member", ["member"], { invite_only: true });
    const ids = await listedChannelIds(t, "administrator", { ...NOTHING_ELSE, include_all: true });
    t.expect.ok(ids.has(hidden.id), `private channel ${hidden.id} listed`, [...ids]);
  },
);

behaviour(
  "fl356.channels.include-all-renamed",
  "before FL356 GET /streams reads include_all_active, not include_all",
  { id: "fl356.channels.include-all-renamed#before-fl356-get-streams-reads-include-all-active-not-include-all", gate: "before" },
  async (t) => {
    const hidden = await createChannel(t, "member", ["member"], { invite_only: true });
    t.expect.ok(
      !(await listedChannelIds(t, "administrator", { ...NOTHING_ELSE, include_all: true })).has(hidden.id),
      `channel ${hidden.id} not listed for include_all`,
      hidden.id,
    );
    t.expect.ok(
      (await listedChannelIds(t, "administrator", { ...NOTHING_ELSE, include_all_active: true })).has(hidden.id),
      `channel ${hidden.id} listed for include_all_active`,
      hidden.id,
    );
  },
);

behaviour(
  "fl356.channels.include-all-non-admin",
  "users who are not administrators may use include_all",
  { id: "fl356.channels.include-all-non-admin#users-who-are-not-administrators-may-use-include-all" },
  async (t) => {
    const open = await createChannel(t, "secondMember", ["secondMember"]);
    const ids = await listedChannelIds(t, "member", { ...NOTHING_ELSE, include_all: true });
    t.expect.ok(ids.has(open.id), `public channel ${open.id} listed`, [...ids]);
  },
);

behaviour(
  "fl356.channels.include-all-non-admin",
  "before FL356 include_all_active is for administrators only",
  { id: "fl356.channels.include-all-non-admin#before-fl356-include-all-active-is-for-administrators-only", gate: "before" },
  async (t) => {
    t.expect.error(await t.api("member").get("/streams", { include_all_active: true }), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl356.channels.exclude-archived",
  "GET /streams returns archived channels only with exclude_archived=false",
  { id: "fl356.channels.exclude-archived#get-streams-returns-archived-channels-only-with-exclude-archived-false" },
  async (t) => {
    const channel = await createChannel(t, "administrator", ["administrator"]);
    await t.must("archive the channel with DELETE /streams/{stream_id}", t.api("administrator").delete(`/streams/${channel.id}`));
    t.expect.ok(
      !(await listedChannelIds(t, "administrator", { include_all: true })).has(channel.id),
      `archived channel ${channel.id} left out by default`,
      channel.id,
    );
    t.expect.ok(
      (await listedChannelIds(t, "administrator", { include_all: true, exclude_archived: false })).has(channel.id),
      `archived channel ${channel.id} listed with exclude_archived=false`,
      channel.id,
    );
  },
);

behaviour(
  "fl356.channels.exclude-archived",
  "before FL356 GET /streams leaves archived channels out",
  { id: "fl356.channels.exclude-archived#before-fl356-get-streams-leaves-archived-channels-out", gate: "before" },
  async (t) => {
    const channel = await createChannel(t, "administrator", ["administrator"]);
    await t.must("archive the channel with DELETE /streams/{stream_id}", t.api("administrator").delete(`/streams/${channel.id}`));
    t.expect.ok(
      !(await listedChannelIds(t, "administrator", { include_all_active: true, exclude_archived: false })).has(channel.id),
      `archived channel ${channel.id} left out`,
      channel.id,
    );
  },
);

// --- channel email address (FL335) ----------------------------------------------------------------------------------

const emailOf = async (t: TestContext, id: number, params: Record<string, number> = {}) => {
  const res = await t.api("member").get(`/streams/${id}/email_address`, params);
  return t.expect.success(res).email as string;
};

behaviour(
  "fl335.channels.email-address-sender-id",
  "GET /streams/{stream_id}/email_address takes sender_id: the user or its own bot, each with its own address",
  {
    id: "fl335.channels.email-address-sender-id#get-streams-stream-id-email-address-takes-sender-id-the-user-or-its-own-bot-each-with-its-own-address",
    needs: ["member", "secondMember", "bot", "administrator"],
  },
  async (t) => {
    const channel = await createChannel(t, "member", ["member"]);
    const gateway = await emailOf(t, channel.id);
    const own = await emailOf(t, channel.id, { sender_id: t.persona("member").userId });
    const bot = await emailOf(t, channel.id, { sender_id: t.persona("bot").userId });
    t.expect.ok(new Set([gateway, own, bot]).size === 3, "three different addresses (default sender, self, own bot)", [gateway, own, bot]);
    t.expect.error(await t.api("member").get(`/streams/${channel.id}/email_address`, { sender_id: t.persona("secondMember").userId }), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl335.channels.email-address-sender-id",
  "before FL335 sender_id does not change the address",
  {
    id: "fl335.channels.email-address-sender-id#before-fl335-sender-id-does-not-change-the-address",
    needs: ["member", "secondMember", "bot", "administrator"],
    gate: "before",
  },
  async (t) => {
    const channel = await createChannel(t, "member", ["member"]);
    t.expect.equal(await emailOf(t, channel.id, { sender_id: t.persona("member").userId }), await emailOf(t, channel.id), "the address with sender_id");
  },
);

// --- archiving (FL343) ----------------------------------------------------------------------------------------------

async function archiveEvent(t: TestContext) {
  const channel = await createChannel(t, "administrator", ["administrator", "member"]);
  const { queue } = await t.register("member", { event_types: ["stream"] });
  t.expect.success(await t.api("administrator").delete(`/streams/${channel.id}`));
  const mentions = (e: Record<string, unknown>) =>
    (e.stream_ids as number[] | undefined)?.includes(channel.id) ||
    (e.streams as Array<{ stream_id?: number }> | undefined)?.some((s) => s.stream_id === channel.id)
      ? null
      : "another channel";
  const [ev] = await queue.until([eventOf("stream", mentions, "delete")]);
  return { channel, event: t.expect.schema(StreamDeleteEvent, ev, undefined, "the stream delete event") };
}

behaviour(
  "fl343.channels.delete-event-stream-ids",
  "the stream delete event carries stream_ids",
  { id: "fl343.channels.delete-event-stream-ids#the-stream-delete-event-carries-stream-ids" },
  async (t) => {
    const { channel, event } = await archiveEvent(t);
    t.expect.equal(event.stream_ids, [channel.id], "stream_ids");
  },
);

behaviour(
  "fl343.channels.delete-event-stream-ids",
  "before FL343 the stream delete event has no stream_ids",
  { id: "fl343.channels.delete-event-stream-ids#before-fl343-the-stream-delete-event-has-no-stream-ids", gate: "before" },
  async (t) => {
    const { event } = await archiveEvent(t);
    t.expect.absent(event, "stream_ids");
  },
);

behaviour(
  "fl343.channels.delete-event-streams-deprecated",
  "the stream delete event keeps the deprecated streams field",
  { id: "fl343.channels.delete-event-streams-deprecated#the-stream-delete-event-keeps-the-deprecated-streams-field", gate: "always" },
  async (t) => {
    const { channel, event } = await archiveEvent(t);
    t.expect.equal(
      event.streams?.map((s) => s.stream_id),
      [channel.id],
      "streams[].stream_id",
    );
  },
);

// --- register can_subscribe_other_users (FL341) ---------------------------------------------------------------------

behaviour(
  "fl341.register.can-subscribe-other-users-removed",
  "register has no can_subscribe_other_users from FL341; before, a boolean",
  { id: "fl341.register.can-subscribe-other-users-removed#register-has-no-can-subscribe-other-users-from-fl341-before-a-boolean", gate: "always" },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["realm_user"], event_types: ["heartbeat"] });
    if (t.fl.atLeast(341)) t.expect.absent(body, "can_subscribe_other_users");
    else t.expect.equal(t.expect.present(body, "can_subscribe_other_users"), true, "can_subscribe_other_users for a member");
  },
);
