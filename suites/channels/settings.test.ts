import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { Subscription } from "../../src/schemas/channel.ts";
import { StreamCreateEvent } from "../../src/schemas/events/stream.ts";
import { GroupSettingValue } from "../../src/schemas/group-setting-value.ts";
import { channelAs, createChannel, createChannelRaw, listedChannelIds, onlyUsers, postTo } from "../support/channels.ts";
import { systemGroupId } from "../support/realm.ts";
import { ignoredOf } from "../support/ignored.ts";

/**
 * The channel settings of FL161 (can_remove_subscribers_group_id), FL200 (is_default_stream) and FL333
 * (can_send_message_group and the stream_post_policy it replaced), on fresh channels.
 */

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "member", "secondMember"] });

// --- can_send_message_group (FL333) ---------------------------------------------------------------------------------

behaviour(
  "fl333.channels.can-send-message-group-field",
  "channel objects carry can_send_message_group in GET /streams, GET /users/me/subscriptions, register and stream create events",
  {
    id: "fl333.channels.can-send-message-group-field#channel-objects-carry-can-send-message-group-in-get-streams-get-users-me-subscriptions-register-and-stream-create-events",
  },
  async (t) => {
    const { queue } = await t.register("member", { event_types: ["stream"] });
    const channel = await createChannel(t, "member", ["member"]);
    const [created] = await queue.until([
      eventOf(
        "stream",
        (e) => ((e.streams as Array<{ stream_id?: number }> | undefined)?.some((s) => s.stream_id === channel.id) ? null : "another channel"),
        "create",
      ),
    ]);
    const event = t.expect.schema(StreamCreateEvent, created, undefined, "the stream create event");
    t.expect.schema(GroupSettingValue, event.streams[0]!.can_send_message_group, undefined, "stream create streams[0].can_send_message_group");
    const fromGet = await channelAs(t, "member", channel.id);
    t.expect.schema(GroupSettingValue, fromGet.can_send_message_group, undefined, "GET /streams/{stream_id} can_send_message_group");
    const res = await t.api("member").get("/users/me/subscriptions");
    const subs = t.expect.schema(z.array(Subscription), t.expect.success(res).subscriptions, res.exchange, "GET /users/me/subscriptions subscriptions");
    t.expect.schema(
      GroupSettingValue,
      subs.find((s) => s.stream_id === channel.id)?.can_send_message_group,
      res.exchange,
      "the subscription's can_send_message_group",
    );
    const { body } = await t.register("member", { fetch_event_types: ["subscription"], event_types: ["heartbeat"] });
    const registered = t.expect.schema(z.array(Subscription), body.subscriptions, undefined, "register subscriptions");
    t.expect.schema(
      GroupSettingValue,
      registered.find((s) => s.stream_id === channel.id)?.can_send_message_group,
      undefined,
      "register subscriptions[].can_send_message_group",
    );
  },
);

behaviour(
  "fl333.channels.can-send-message-group-field",
  "before FL333 channel objects have no can_send_message_group",
  { id: "fl333.channels.can-send-message-group-field#before-fl333-channel-objects-have-no-can-send-message-group", gate: "before" },
  async (t) => {
    const channel = await createChannel(t, "member", ["member"]);
    t.expect.absent(await channelAs(t, "member", channel.id), "can_send_message_group");
  },
);

behaviour(
  "fl333.channels.can-send-message-group-param",
  "channel creation and PATCH /streams/{stream_id} set can_send_message_group",
  { id: "fl333.channels.can-send-message-group-param#channel-creation-and-patch-streams-stream-id-set-can-send-message-group" },
  async (t) => {
    const admins = await systemGroupId(t, "role:administrators");
    const moderators = await systemGroupId(t, "role:moderators");
    const channel = await createChannel(t, "administrator", ["administrator"], { can_send_message_group: admins });
    t.expect.equal((await channelAs(t, "administrator", channel.id)).can_send_message_group, admins, "can_send_message_group after creation");
    t.expect.success(await t.api("administrator").patch(`/streams/${channel.id}`, { can_send_message_group: { new: moderators, old: admins } }));
    t.expect.equal((await channelAs(t, "administrator", channel.id)).can_send_message_group, moderators, "can_send_message_group after PATCH");
  },
);

behaviour(
  ["fl333.channels.can-send-message-group-param", "fl167.server.ignored-parameters-unsupported"],
  "before FL333 channel creation does not read can_send_message_group",
  { id: "fl333.channels.can-send-message-group-param#before-fl333-channel-creation-does-not-read-can-send-message-group", gate: "before" },
  async (t) => {
    const admins = await systemGroupId(t, "role:administrators");
    const res = await createChannelRaw(t, "administrator", undefined, { can_send_message_group: admins }).res;
    const body = t.expect.success(res);
    if (t.fl.atLeast(167))
      t.expect.ok(ignoredOf(body).includes("can_send_message_group"), "can_send_message_group in ignored_parameters_unsupported", body, res.exchange);
  },
);

behaviour(
  "fl333.channels.can-send-message-group-enforced",
  "only members of the channel's can_send_message_group may post to it",
  { id: "fl333.channels.can-send-message-group-enforced#only-members-of-the-channel-s-can-send-message-group-may-post-to-it" },
  async (t) => {
    const admins = await systemGroupId(t, "role:administrators");
    const channel = await createChannel(t, "administrator", ["administrator", "member"], { can_send_message_group: admins });
    t.expect.error(await postTo(t, "member", channel), 400, "BAD_REQUEST");
    t.expect.success(await postTo(t, "administrator", channel));
  },
);

behaviour(
  "fl333.channels.can-send-message-group-enforced",
  "before FL333 can_send_message_group does not limit who may post",
  { id: "fl333.channels.can-send-message-group-enforced#before-fl333-can-send-message-group-does-not-limit-who-may-post", gate: "before" },
  async (t) => {
    const admins = await systemGroupId(t, "role:administrators");
    const channel = await createChannel(t, "administrator", ["administrator", "member"], { can_send_message_group: admins });
    t.expect.success(await postTo(t, "member", channel));
  },
);

behaviour(
  "fl333.channels.stream-post-policy-param-removed",
  "from FL333 stream_post_policy and is_announcement_only are not read",
  { id: "fl333.channels.stream-post-policy-param-removed#from-fl333-stream-post-policy-and-is-announcement-only-are-not-read" },
  async (t) => {
    const channel = await createChannel(t, "administrator", ["administrator", "member"]);
    for (const params of [{ stream_post_policy: 2 }, { is_announcement_only: true }]) {
      const res = await t.api("administrator").patch(`/streams/${channel.id}`, params);
      const body = t.expect.success(res);
      t.expect.ok(ignoredOf(body).includes(Object.keys(params)[0]!), `${Object.keys(params)[0]} in ignored_parameters_unsupported`, body, res.exchange);
    }
    t.expect.success(await postTo(t, "member", channel));
  },
);

behaviour(
  "fl333.channels.stream-post-policy-param-removed",
  "before FL333 stream_post_policy decides who may post",
  { id: "fl333.channels.stream-post-policy-param-removed#before-fl333-stream-post-policy-decides-who-may-post", gate: "before" },
  async (t) => {
    const channel = await createChannel(t, "administrator", ["administrator", "member"], { stream_post_policy: 2 });
    t.expect.equal((await channelAs(t, "member", channel.id)).stream_post_policy, 2, "stream_post_policy");
    t.expect.error(await postTo(t, "member", channel), 400, "BAD_REQUEST");
    t.expect.success(await t.api("administrator").patch(`/streams/${channel.id}`, { stream_post_policy: 1 }));
    t.expect.success(await postTo(t, "member", channel));
  },
);

behaviour(
  "fl333.channels.stream-post-policy-deprecated",
  "stream_post_policy approximates can_send_message_group as a superset",
  { id: "fl333.channels.stream-post-policy-deprecated#stream-post-policy-approximates-can-send-message-group-as-a-superset" },
  async (t) => {
    const cases: Array<[unknown, number]> = [
      [await systemGroupId(t, "role:moderators"), 4],
      [await systemGroupId(t, "role:administrators"), 2],
      [onlyUsers(t.persona("member").userId), 1],
    ];
    const channel = await createChannel(t, "administrator", ["administrator"]);
    for (const [value, policy] of cases) {
      t.expect.success(await t.api("administrator").patch(`/streams/${channel.id}`, { can_send_message_group: { new: value } }));
      t.expect.equal(
        (await channelAs(t, "administrator", channel.id)).stream_post_policy,
        policy,
        `stream_post_policy for can_send_message_group ${JSON.stringify(value)}`,
      );
    }
  },
);

behaviour(
  "fl333.channels.stream-post-policy-deprecated",
  "before FL333 stream_post_policy is the policy as set",
  { id: "fl333.channels.stream-post-policy-deprecated#before-fl333-stream-post-policy-is-the-policy-as-set", gate: "before" },
  async (t) => {
    const channel = await createChannel(t, "administrator", ["administrator"]);
    t.expect.success(await t.api("administrator").patch(`/streams/${channel.id}`, { stream_post_policy: 4 }));
    t.expect.equal((await channelAs(t, "administrator", channel.id)).stream_post_policy, 4, "stream_post_policy");
  },
);

// --- can_remove_subscribers_group_id (FL161) ------------------------------------------------------------------------

behaviour(
  "fl161.channels.can-remove-subscribers-group-field",
  "channel objects carry can_remove_subscribers_group_id",
  { id: "fl161.channels.can-remove-subscribers-group-field#channel-objects-carry-can-remove-subscribers-group-id" },
  async (t) => {
    const channel = await createChannel(t, "member", ["member"]);
    t.expect.schema(
      GroupSettingValue,
      t.expect.present(await channelAs(t, "member", channel.id), "can_remove_subscribers_group_id"),
      undefined,
      "can_remove_subscribers_group_id",
    );
    const { body } = await t.register("member", { fetch_event_types: ["stream"], event_types: ["heartbeat"] });
    const listed = (body.streams as Array<Record<string, unknown>>).find((s) => s.stream_id === channel.id);
    t.expect.ok(listed !== undefined && "can_remove_subscribers_group_id" in listed, "register streams[] with can_remove_subscribers_group_id", listed);
  },
);

behaviour(
  "fl161.channels.can-remove-subscribers-group-field",
  "before FL161 channel objects have no can_remove_subscribers_group_id",
  { id: "fl161.channels.can-remove-subscribers-group-field#before-fl161-channel-objects-have-no-can-remove-subscribers-group-id", gate: "before" },
  async (t) => {
    const channel = await createChannel(t, "member", ["member"]);
    t.expect.absent(await channelAs(t, "member", channel.id), "can_remove_subscribers_group_id");
  },
);

behaviour(
  "fl161.channels.can-remove-subscribers-group-param",
  "PATCH /streams/{stream_id} and channel creation set can_remove_subscribers_group_id",
  { id: "fl161.channels.can-remove-subscribers-group-param#patch-streams-stream-id-and-channel-creation-set-can-remove-subscribers-group-id" },
  async (t) => {
    const moderators = await systemGroupId(t, "role:moderators");
    const owners = await systemGroupId(t, "role:owners");
    const channel = await createChannel(t, "administrator", ["administrator"], { can_remove_subscribers_group_id: owners });
    t.expect.equal((await channelAs(t, "administrator", channel.id)).can_remove_subscribers_group_id, owners, "can_remove_subscribers_group_id after creation");
    t.expect.success(await t.api("administrator").patch(`/streams/${channel.id}`, { can_remove_subscribers_group_id: moderators }));
    t.expect.equal(
      (await channelAs(t, "administrator", channel.id)).can_remove_subscribers_group_id,
      moderators,
      "can_remove_subscribers_group_id after PATCH",
    );
  },
);

behaviour(
  ["fl161.channels.can-remove-subscribers-group-param", "fl167.server.ignored-parameters-unsupported"],
  "before FL161 PATCH /streams/{stream_id} does not read can_remove_subscribers_group_id",
  {
    id: "fl161.channels.can-remove-subscribers-group-param#before-fl161-patch-streams-stream-id-does-not-read-can-remove-subscribers-group-id",
    gate: "before",
  },
  async (t) => {
    const moderators = await systemGroupId(t, "role:moderators");
    const channel = await createChannel(t, "administrator", ["administrator"]);
    const res = await t.api("administrator").patch(`/streams/${channel.id}`, { can_remove_subscribers_group_id: moderators });
    const body = t.expect.success(res);
    if (t.fl.atLeast(167))
      t.expect.ok(
        ignoredOf(body).includes("can_remove_subscribers_group_id"),
        "can_remove_subscribers_group_id in ignored_parameters_unsupported",
        body,
        res.exchange,
      );
  },
);

behaviour(
  "fl161.channels.can-remove-subscribers-group-enforced",
  "members of can_remove_subscribers_group_id may unsubscribe others from FL161, not before",
  {
    id: "fl161.channels.can-remove-subscribers-group-enforced#members-of-can-remove-subscribers-group-id-may-unsubscribe-others-from-fl161-not-before",
    needs: ["administrator", "moderator", "member", "secondMember"],
    gate: "always",
  },
  async (t) => {
    const moderators = await systemGroupId(t, "role:moderators");
    const channel = await createChannel(t, "administrator", ["administrator", "moderator", "member", "secondMember"]);
    await t.must(
      "set can_remove_subscribers_group_id",
      t.api("administrator").patch(`/streams/${channel.id}`, { can_remove_subscribers_group_id: moderators }),
    );
    const res = await t.api("moderator").delete("/users/me/subscriptions", { subscriptions: [channel.name], principals: [t.persona("secondMember").userId] });
    if (t.fl.atLeast(161)) t.expect.equal(t.expect.success(res).removed, [channel.name], "removed");
    else t.expect.error(res, 400, "BAD_REQUEST");
    const other = await t.api("member").delete("/users/me/subscriptions", { subscriptions: [channel.name], principals: [t.persona("moderator").userId] });
    t.expect.error(other, 400, "BAD_REQUEST");
  },
);

// --- is_default_stream (FL200) --------------------------------------------------------------------------------------

const DEFAULTS_ONLY = { include_default: true, include_public: false, include_subscribed: false };

async function isDefault(t: TestContext, id: number): Promise<boolean> {
  return (await listedChannelIds(t, "administrator", DEFAULTS_ONLY)).has(id);
}

behaviour(
  "fl200.channels.is-default-stream-patch",
  "PATCH /streams/{stream_id} is_default_stream makes a channel a default channel and back",
  { id: "fl200.channels.is-default-stream-patch#patch-streams-stream-id-is-default-stream-makes-a-channel-a-default-channel-and-back" },
  async (t) => {
    const channel = await createChannel(t, "administrator", ["administrator"]);
    t.expect.success(await t.api("administrator").patch(`/streams/${channel.id}`, { is_default_stream: true }));
    t.expect.ok(await isDefault(t, channel.id), "the channel among GET /streams include_default channels", channel.id);
    t.expect.success(await t.api("administrator").patch(`/streams/${channel.id}`, { is_default_stream: false }));
    t.expect.ok(!(await isDefault(t, channel.id)), "the channel no longer a default channel", channel.id);
  },
);

behaviour(
  "fl200.channels.is-default-stream-patch",
  "before FL200 PATCH /streams/{stream_id} does not read is_default_stream",
  { id: "fl200.channels.is-default-stream-patch#before-fl200-patch-streams-stream-id-does-not-read-is-default-stream", gate: "before" },
  async (t) => {
    const channel = await createChannel(t, "administrator", ["administrator"]);
    t.expect.success(await t.api("administrator").patch(`/streams/${channel.id}`, { is_default_stream: true }));
    t.expect.ok(!(await isDefault(t, channel.id)), "the channel not a default channel", channel.id);
  },
);

behaviour(
  "fl200.channels.is-default-stream-create",
  "POST /users/me/subscriptions is_default_stream makes the new channel a default channel",
  { id: "fl200.channels.is-default-stream-create#post-users-me-subscriptions-is-default-stream-makes-the-new-channel-a-default-channel" },
  async (t) => {
    const channel = await createChannel(t, "administrator", ["administrator"], { is_default_stream: true });
    // New users join default channels: this one stops being one before it is archived.
    t.cleanup(`default channel ${channel.id} made an ordinary one`, () => t.api("administrator").patch(`/streams/${channel.id}`, { is_default_stream: false }));
    t.expect.ok(await isDefault(t, channel.id), "the new channel among GET /streams include_default channels", channel.id);
  },
);

behaviour(
  "fl200.channels.is-default-stream-create",
  "before FL200 channel creation does not read is_default_stream",
  { id: "fl200.channels.is-default-stream-create#before-fl200-channel-creation-does-not-read-is-default-stream", gate: "before" },
  async (t) => {
    const channel = await createChannel(t, "administrator", ["administrator"], { is_default_stream: true });
    t.expect.ok(!(await isDefault(t, channel.id)), "the new channel not a default channel", channel.id);
  },
);
