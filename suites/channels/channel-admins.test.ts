import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { eventsThrough } from "../support/events.ts";
import { createChannel, onlyUsers, byUserId } from "../support/channels.ts";
import { systemGroupId } from "../support/realm.ts";

/**
 * Metadata versus content access (FL349): organization administrators and channel administrators (members of the
 * channel's can_administer_channel_group, set at creation) on a private channel the member created and they are
 * not subscribed to.
 */

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "moderator", "member", "secondMember"] });

/** A private channel only the member is in; from FL349 the second member administers it (a creation parameter read from FL349). */
const privateChannel = (t: TestContext, extra: Record<string, unknown> = {}) =>
  createChannel(t, "member", ["member"], { invite_only: true, can_administer_channel_group: onlyUsers(t.persona("secondMember").userId), ...extra });

behaviour(
  ["fl349.channels.metadata-only-settings", "fl333.channels.can-send-message-group-param"],
  "channel and organization administrators change settings needing only metadata access from FL349, not before",
  {
    id: "fl349.channels.metadata-only-settings#channel-and-organization-administrators-change-settings-needing-only-metadata-access-from-fl349-not-before",
    gate: "always",
  },
  async (t) => {
    const channel = await privateChannel(t);
    const admins = await systemGroupId(t, "role:administrators");
    const posting = t.fl.atLeast(333) ? { can_send_message_group: { new: admins } } : { stream_post_policy: 2 };
    const res = await t.api("administrator").patch(`/streams/${channel.id}`, posting);
    if (!t.fl.atLeast(349)) {
      t.expect.error(res, 400, "BAD_REQUEST");
      return;
    }
    t.expect.success(res);
    t.expect.success(await t.api("secondMember").patch(`/streams/${channel.id}`, { description: "changed by a channel administrator" }));
  },
);

behaviour(
  "fl349.channels.privacy-needs-content-access",
  "without content access administrators may not change a channel's privacy",
  { id: "fl349.channels.privacy-needs-content-access#without-content-access-administrators-may-not-change-a-channel-s-privacy", gate: "always" },
  async (t) => {
    const channel = await privateChannel(t);
    t.expect.error(await t.api("administrator").patch(`/streams/${channel.id}`, { is_private: false }), 400, "BAD_REQUEST");
    const res = await t.api("administrator").get(`/streams/${channel.id}`);
    t.expect.equal((t.expect.success(res).stream as { invite_only?: boolean }).invite_only, true, "invite_only after the refusal", res.exchange);
  },
);

behaviour(
  "fl349.channels.add-subscribers-needs-content-access",
  "without content access administrators may not add subscribers to a private channel",
  {
    id: "fl349.channels.add-subscribers-needs-content-access#without-content-access-administrators-may-not-add-subscribers-to-a-private-channel",
    gate: "always",
  },
  async (t) => {
    const channel = await privateChannel(t);
    const res = await t
      .api("administrator")
      .post("/users/me/subscriptions", { subscriptions: [{ name: channel.name }], principals: [t.persona("moderator").userId] });
    t.expect.error(res, 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl349.channels.delete-metadata-access",
  "an organization administrator archives a private channel it is not in from FL349, not before",
  { id: "fl349.channels.delete-metadata-access#an-organization-administrator-archives-a-private-channel-it-is-not-in-from-fl349-not-before", gate: "always" },
  async (t) => {
    const channel = await privateChannel(t);
    const res = await t.api("administrator").delete(`/streams/${channel.id}`);
    if (t.fl.atLeast(349)) t.expect.success(res);
    else t.expect.error(res, 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl349.channels.add-subscribers-group-private",
  "a member of the channel's can_add_subscribers_group subscribes others to a private channel it is not in",
  {
    id: "fl349.channels.add-subscribers-group-private#a-member-of-the-channel-s-can-add-subscribers-group-subscribes-others-to-a-private-channel-it-is-not-in",
  },
  async (t) => {
    const channel = await privateChannel(t, { can_add_subscribers_group: onlyUsers(t.persona("moderator").userId) });
    const res = await t
      .api("moderator")
      .post("/users/me/subscriptions", { subscriptions: [{ name: channel.name }], principals: [t.persona("administrator").userId] });
    t.expect.equal(byUserId(t, t.expect.success(res).subscribed), { [String(t.persona("administrator").userId)]: [channel.name] }, "subscribed");
  },
);

behaviour(
  "fl349.channels.add-subscribers-group-private",
  "before FL349 channels have no can_add_subscribers_group to let outsiders subscribe others",
  {
    id: "fl349.channels.add-subscribers-group-private#before-fl349-channels-have-no-can-add-subscribers-group-to-let-outsiders-subscribe-others",
    gate: "before",
  },
  async (t) => {
    const channel = await privateChannel(t, { can_add_subscribers_group: onlyUsers(t.persona("moderator").userId) });
    const res = await t
      .api("moderator")
      .post("/users/me/subscriptions", { subscriptions: [{ name: channel.name }], principals: [t.persona("administrator").userId] });
    t.expect.error(res, 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl349.channels.channel-admin-unsubscribe",
  "a channel administrator unsubscribes others though neither organization administrator nor in can_remove_subscribers_group",
  {
    id: "fl349.channels.channel-admin-unsubscribe#a-channel-administrator-unsubscribes-others-though-neither-organization-administrator-nor-in-can-remove-subscribers-group",
    gate: "always",
  },
  async (t) => {
    const channel = await createChannel(t, "member", ["member", "secondMember", "moderator"], {
      can_administer_channel_group: onlyUsers(t.persona("secondMember").userId),
    });
    const res = await t.api("secondMember").delete("/users/me/subscriptions", { subscriptions: [channel.name], principals: [t.persona("member").userId] });
    if (t.fl.atLeast(349)) t.expect.equal(t.expect.success(res).removed, [channel.name], "removed");
    else t.expect.error(res, 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl349.channels.admin-unsubscribed-lists",
  "a channel administrator finds a private channel it is not in among never_subscribed",
  { id: "fl349.channels.admin-unsubscribed-lists#a-channel-administrator-finds-a-private-channel-it-is-not-in-among-never-subscribed", gate: "always" },
  async (t) => {
    const channel = await privateChannel(t);
    const { body } = await t.register("secondMember", { fetch_event_types: ["subscription"], event_types: ["heartbeat"] });
    const ids = (key: string) => ((body[key] as Array<{ stream_id: number }> | undefined) ?? []).map((s) => s.stream_id);
    const listed = ids("never_subscribed").includes(channel.id) || ids("unsubscribed").includes(channel.id);
    if (t.fl.atLeast(349))
      t.expect.ok(listed, `channel ${channel.id} in never_subscribed or unsubscribed`, {
        never_subscribed: ids("never_subscribed"),
        unsubscribed: ids("unsubscribed"),
      });
    else t.expect.ok(!listed && !ids("subscriptions").includes(channel.id), `channel ${channel.id} in no list`, body);
  },
);

behaviour(
  "fl349.channels.metadata-access-events",
  "a channel administrator without content access receives the channel's stream update events",
  { id: "fl349.channels.metadata-access-events#a-channel-administrator-without-content-access-receives-the-channel-s-stream-update-events", gate: "always" },
  async (t) => {
    const channel = await privateChannel(t);
    const { queue } = await t.register("secondMember", { event_types: ["stream"] });
    t.expect.success(await t.api("administrator").patch(`/streams/${channel.id}`, { description: "new words" }));
    const marker = await createChannel(t, "administrator", ["administrator"]);
    const seen = await eventsThrough(
      queue,
      eventOf("stream", (e) => ((e.streams as Array<{ stream_id?: number }> | undefined)?.some((s) => s.stream_id === marker.id) ? null : "another"), "create"),
    );
    const updated = seen.some((e) => e.type === "stream" && e.op === "update" && e.stream_id === channel.id);
    if (t.fl.atLeast(349)) t.expect.ok(updated, `a stream update event for channel ${channel.id} before the marker`, seen);
    else t.expect.ok(!updated, `no stream update event for channel ${channel.id}`, seen);
  },
);
