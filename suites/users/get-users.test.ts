import { z } from "zod";
import { defineSuite } from "../../src/expect/suite.ts";
import { User } from "../../src/schemas/user.ts";
import { freshUser } from "../support/users.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "member", "secondMember", "bot"] });

const NO_SUCH_ID = 987_654_321;

behaviour(
  "fl153.users.get-users",
  "GET /users lists users, bots and deactivated users; GET /users/{user_id} returns one under user",
  { id: "fl153.users.get-users#get-users-lists-users-bots-and-deactivated-users-get-users-user-id-returns-one-under-user", gate: "always" },
  async (t) => {
    const gone = await freshUser(t, "gone");
    await t.must("deactivate a user", t.api("administrator").delete(`/users/${gone.id}`));
    const res = await t.api("member").get("/users");
    const members = t.expect.schema(z.array(User), t.expect.success(res).members, res.exchange, "GET /users members");
    const byId = new Map(members.map((m) => [m.user_id, m]));
    for (const role of ["member", "secondMember", "bot"] as const) {
      t.expect.ok(byId.has(t.persona(role).userId), `GET /users to list the ${role} persona (${t.persona(role).userId})`, [...byId.keys()], res.exchange);
    }
    t.expect.equal(byId.get(t.persona("bot").userId)?.is_bot, true, "the bot persona's is_bot", res.exchange);
    t.expect.equal(byId.get(gone.id)?.is_active, false, `is_active of deactivated user ${gone.id} in GET /users`, res.exchange);
    const one = await t.api("member").get(`/users/${t.persona("secondMember").userId}`);
    const user = t.expect.schema(User, t.expect.success(one).user, one.exchange, "GET /users/{user_id} user");
    t.expect.equal(user.user_id, t.persona("secondMember").userId, "user.user_id", one.exchange);
  },
);

behaviour(
  "fl153.users.no-such-user",
  "an unknown user id or email gets HTTP 400 BAD_REQUEST from the user endpoints",
  {
    id: "fl153.users.no-such-user#an-unknown-user-id-or-email-gets-http-400-bad-request-from-the-user-endpoints",
    needs: ["member", "administrator"],
    gate: "always",
  },
  async (t) => {
    const member = t.api("member");
    const admin = t.api("administrator");
    t.expect.error(await member.get(`/users/${NO_SUCH_ID}`), 400, "BAD_REQUEST");
    t.expect.error(await member.get(`/users/${encodeURIComponent(`${t.unique("nobody")}@example.invalid`)}`), 400, "BAD_REQUEST");
    t.expect.error(await admin.delete(`/users/${NO_SUCH_ID}`), 400, "BAD_REQUEST");
    t.expect.error(await admin.post(`/users/${NO_SUCH_ID}/reactivate`), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl153.register.realm-users",
  "register realm_users holds the organization's active users and bots, the requester included",
  {
    id: "fl153.register.realm-users#register-realm-users-holds-the-organization-s-active-users-and-bots-the-requester-included",
    needs: ["member", "secondMember", "bot"],
    gate: "always",
  },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["realm_user"], event_types: ["heartbeat"] });
    const users = t.expect.schema(z.array(User), t.expect.present(body, "realm_users"), undefined, "realm_users");
    const ids = new Set(users.map((u) => u.user_id));
    for (const role of ["member", "secondMember", "bot"] as const) {
      t.expect.ok(ids.has(t.persona(role).userId), `realm_users to hold the ${role} persona (${t.persona(role).userId})`, [...ids]);
    }
    t.expect.ok(
      users.every((u) => u.is_active !== false),
      "every user in realm_users to be active",
      users.filter((u) => !u.is_active).map((u) => u.user_id),
    );
  },
);
