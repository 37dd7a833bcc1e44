import { defineSuite } from "../../src/expect/suite.ts";
import { User } from "../../src/schemas/user.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

behaviour(
  "fl153.users.get-own-user",
  "GET /users/me returns the requester's own user object",
  { id: "fl153.users.get-own-user#get-users-me-returns-the-requester-s-own-user-object", gate: "always", mutates: false },
  async (t) => {
    const res = await t.api("member").get("/users/me");
    const me = t.expect.schema(User, t.expect.success(res), res.exchange);
    t.expect.equal(me.user_id, t.persona("member").userId, "user_id");
    t.expect.equal(me.is_bot, false, "is_bot");
  },
);
