import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { MutedUser, MutedUsersEvent } from "../../src/schemas/events/muted-users.ts";
import { registerWith } from "../support/events.ts";
import { needOffered } from "../support/optional-endpoints.ts";
import { freshUser } from "../support/users.ts";

/**
 * Muting users (Zulip's /users/me/muted_users, which the spec does not name): the `muted_users` event reaches only
 * the muter's clients, so the muter is the test's first persona and the state invariant reduces and compares it.
 * The muted user is a fresh one: muting a persona would mark its messages read for the muter in other tests.
 */
const CLAUSE = "fl153.events.state-consistency";
const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "administrator"] });

const has = (id: number) => (e: Record<string, unknown>) =>
  Array.isArray(e.muted_users) && e.muted_users.some((m) => (m as { id?: unknown }).id === id) ? null : "without the user";

behaviour(
  CLAUSE,
  "muting and unmuting a user: a muted_users event with the whole list each time; muting twice, or oneself, is refused",
  { id: "fl153.events.state-consistency#muting-and-unmuting-a-user-a-muted-users-event-with-the-whole-list-each-time-muting-twice-or-oneself-is-refused" },
  async (t) => {
    const member = t.api("member");
    const quiet = await freshUser(t, "muted");
    const { queue } = await registerWith(t, "member", ["muted_users"]);
    const res = await member.post(`/users/me/muted_users/${quiet.id}`);
    needOffered(t, res, "POST /users/me/muted_users/{muted_user_id}", "mute-user");
    t.expect.success(res, "POST /users/me/muted_users/{muted_user_id}");
    t.cleanup(`mute of user ${quiet.id}`, async () => {
      const back = await member.delete(`/users/me/muted_users/${quiet.id}`);
      // 400 "User is not muted": the test unmuted it itself.
      return back.status === 400 ? undefined : back;
    });
    const [muted] = await queue.until([eventOf("muted_users", has(quiet.id))]);
    const entry = t.expect.schema(MutedUsersEvent, muted, undefined, "the muted_users event").muted_users.find((m) => m.id === quiet.id);
    t.expect.schema(MutedUser, entry, undefined, "the muted user's entry in the muted_users event");
    t.expect.error(await member.post(`/users/me/muted_users/${quiet.id}`), 400, "BAD_REQUEST");
    t.expect.error(await member.post(`/users/me/muted_users/${t.persona("member").userId}`), 400, "BAD_REQUEST");

    t.expect.success(await member.delete(`/users/me/muted_users/${quiet.id}`), "DELETE /users/me/muted_users/{muted_user_id}");
    const [unmuted] = await queue.until([eventOf("muted_users", (e) => (has(quiet.id)(e) === null ? "still with the user" : null))]);
    t.expect.schema(MutedUsersEvent, unmuted, undefined, "the muted_users event after unmuting");
    const { body } = await t.register("member", { fetch_event_types: ["muted_users"], event_types: ["heartbeat"] });
    const list = t.expect.schema(z.array(MutedUser), t.expect.present(body, "muted_users"), undefined, "register muted_users");
    t.expect.ok(!list.some((m) => m.id === quiet.id), `register muted_users without user ${quiet.id}`, list);
  },
);
