import { eventOf, type EventCheck } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { AnyEvent } from "../../src/schemas/events/envelope.ts";
import { createChannel } from "../support/channels.ts";
import { eventsThrough } from "../support/events.ts";
import { freshUser, ROLE, type FreshUser } from "../support/users.ts";

/** Who hears of channels: guests (FL192, FL205) and users whose role changes (FL220). */

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "member", "secondMember", "guest"] });

const namesChannel = (id: number) => (e: AnyEvent) => {
  const ids = [...((e.stream_ids as number[] | undefined) ?? []), ...((e.streams as Array<{ stream_id?: number }> | undefined) ?? []).map((s) => s.stream_id)];
  return ids.includes(id) ? null : "another channel";
};
const isEvent = (e: AnyEvent, type: string, op: string, id: number) => e.type === type && e.op === op && namesChannel(id)(e) === null;

/** A marker on the guest's queue: a new channel the guest is subscribed to (its subscription add always arrives). */
async function guestMarker(t: TestContext): Promise<EventCheck> {
  const channel = await createChannel(t, "administrator", ["administrator", "guest"]);
  return eventOf(
    "subscription",
    (e) => ((e.subscriptions as Array<{ stream_id?: number }> | undefined)?.some((s) => s.stream_id === channel.id) ? null : "another"),
    "add",
  );
}

behaviour(
  "fl192.channels.create-event-guest-subscribed",
  "a guest subscribed to a new public channel receives its stream create event from FL192",
  { id: "fl192.channels.create-event-guest-subscribed#a-guest-subscribed-to-a-new-public-channel-receives-its-stream-create-event-from-fl192", gate: "always" },
  async (t) => {
    const { queue } = await t.register("guest", { event_types: ["stream", "subscription"] });
    const channel = await createChannel(t, "administrator", ["administrator", "guest"]);
    const seen = await eventsThrough(
      queue,
      eventOf("subscription", (e) => ((e.subscriptions as Array<{ stream_id?: number }>).some((s) => s.stream_id === channel.id) ? null : "another"), "add"),
    );
    const created = seen.some((e) => isEvent(e, "stream", "create", channel.id));
    if (t.fl.atLeast(192)) t.expect.ok(created, `a stream create event for channel ${channel.id}`, seen);
    else t.expect.ok(!created, `no stream create event for channel ${channel.id}`, seen);
  },
);

behaviour(
  "fl205.channels.web-public-create-to-guests",
  "every guest receives the stream create event of a new web-public channel from FL205",
  { id: "fl205.channels.web-public-create-to-guests#every-guest-receives-the-stream-create-event-of-a-new-web-public-channel-from-fl205", gate: "always" },
  async (t) => {
    const { queue } = await t.register("guest", { event_types: ["stream", "subscription"] });
    const channel = await createChannel(t, "administrator", ["administrator"], { is_web_public: true });
    const seen = await eventsThrough(queue, await guestMarker(t));
    const created = seen.some((e) => isEvent(e, "stream", "create", channel.id));
    if (t.fl.atLeast(205)) t.expect.ok(created, `a stream create event for web-public channel ${channel.id}`, seen);
    else t.expect.ok(!created, `no stream create event for web-public channel ${channel.id}`, seen);
  },
);

behaviour(
  "fl205.channels.peer-events-guests",
  "a guest subscribed to a public channel receives peer_add and peer_remove from FL205",
  { id: "fl205.channels.peer-events-guests#a-guest-subscribed-to-a-public-channel-receives-peer-add-and-peer-remove-from-fl205", gate: "always" },
  async (t) => {
    const channel = await createChannel(t, "member", ["member", "guest"]);
    const { queue } = await t.register("guest", { event_types: ["subscription"] });
    const second = t.persona("secondMember").userId;
    await t.must(
      "subscribe the second member",
      t.api("member").post("/users/me/subscriptions", { subscriptions: [{ name: channel.name }], principals: [second] }),
    );
    await t.must("the second member leaves", t.api("secondMember").delete("/users/me/subscriptions", { subscriptions: [channel.name] }));
    const seen = await eventsThrough(queue, await guestMarker(t));
    const peer = (op: string) => seen.some((e) => isEvent(e, "subscription", op, channel.id) && (e.user_ids as number[] | undefined)?.includes(second));
    if (t.fl.atLeast(205)) t.expect.ok(peer("peer_add") && peer("peer_remove"), "peer_add and peer_remove naming the second member", seen);
    else t.expect.ok(!peer("peer_add") && !peer("peer_remove"), "no peer events", seen);
  },
);

behaviour(
  "fl205.register.streams-include-web-public",
  "a guest's register streams include web-public channels from FL205",
  { id: "fl205.register.streams-include-web-public#a-guest-s-register-streams-include-web-public-channels-from-fl205", gate: "always" },
  async (t) => {
    const channel = await createChannel(t, "administrator", ["administrator"], { is_web_public: true });
    const { body } = await t.register("guest", { fetch_event_types: ["stream"], event_types: ["heartbeat"] });
    const listed = (body.streams as Array<{ stream_id: number }>).some((s) => s.stream_id === channel.id);
    if (t.fl.atLeast(205)) t.expect.ok(listed, `web-public channel ${channel.id} in streams`, body.streams);
    else t.expect.ok(!listed, `web-public channel ${channel.id} not in streams`, body.streams);
  },
);

/**
 * Changes a fresh user's role as the administrator; the user's realm_user role update comes after any channel
 * event. The update names the user: other tests, running alongside, give their own fresh users the same roles.
 */
async function changeRole(t: TestContext, user: FreshUser, role: number): Promise<EventCheck> {
  await t.must("change the user's role with PATCH /users/{user_id}", t.api("administrator").patch(`/users/${user.id}`, { role }));
  return eventOf(
    "realm_user",
    (e) => {
      const person = e.person as { user_id?: number; role?: number } | undefined;
      return person?.user_id === user.id && person.role === role ? null : "another update";
    },
    "update",
  );
}

async function roleChangeEvents(t: TestContext) {
  const user = await freshUser(t, "rolechange");
  const channel = await createChannel(t, "administrator", ["administrator"]);
  const { queue } = await t.register(user.client, { event_types: ["stream", "subscription", "realm_user"] });
  const lost = await eventsThrough(queue, await changeRole(t, user, ROLE.guest));
  const gained = await eventsThrough(queue, await changeRole(t, user, ROLE.member));
  return { channel, lost, gained };
}

behaviour(
  "fl220.channels.role-change-create-delete",
  "a role change that takes channels away or gives them sends stream delete and create events from FL220",
  {
    id: "fl220.channels.role-change-create-delete#a-role-change-that-takes-channels-away-or-gives-them-sends-stream-delete-and-create-events-from-fl220",
    needs: ["administrator"],
    gate: "always",
  },
  async (t) => {
    const { channel, lost, gained } = await roleChangeEvents(t);
    const deleted = lost.some((e) => isEvent(e, "stream", "delete", channel.id));
    const created = gained.some((e) => isEvent(e, "stream", "create", channel.id));
    if (t.fl.atLeast(220))
      t.expect.ok(deleted && created, `stream delete (member → guest) and create (guest → member) for channel ${channel.id}`, { lost, gained });
    else t.expect.ok(!deleted && !created, "no stream events on role changes", { lost, gained });
  },
);

behaviour(
  "fl220.channels.peer-add-role-change",
  "a user gaining channels through a role change receives peer_add for their subscribers from FL220",
  {
    id: "fl220.channels.peer-add-role-change#a-user-gaining-channels-through-a-role-change-receives-peer-add-for-their-subscribers-from-fl220",
    needs: ["administrator"],
    gate: "always",
  },
  async (t) => {
    const { channel, gained } = await roleChangeEvents(t);
    const admin = t.persona("administrator").userId;
    const peer = gained.some((e) => isEvent(e, "subscription", "peer_add", channel.id) && (e.user_ids as number[] | undefined)?.includes(admin));
    if (t.fl.atLeast(220)) t.expect.ok(peer, `peer_add for channel ${channel.id} naming its subscriber`, gained);
    else t.expect.ok(!peer, "no peer_add on the role change", gained);
  },
);
