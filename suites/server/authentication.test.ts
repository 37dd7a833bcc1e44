import { defineSuite } from "../../src/expect/suite.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember"] });

const ANY_AUTH_CODE = ["UNAUTHORIZED", "INVALID_API_KEY", "USER_DEACTIVATED", "REALM_DEACTIVATED"];

behaviour(
  ["fl153.authentication.basic-auth", "fl153.authentication.api-key-header", "fl153.server.api-v1-prefix"],
  "HTTP Basic email:api_key authenticates as that user",
  { id: "fl153.authentication.basic-auth#http-basic-email-api-key-authenticates-as-that-user", gate: "always", mutates: false },
  async (t) => {
    for (const role of ["member", "secondMember"] as const) {
      const res = await t.api(role).get("/users/me");
      t.expect.equal(t.expect.success(res).user_id, t.persona(role).userId, `user_id of ${role}`, res.exchange);
    }
  },
);

behaviour(
  "fl153.authentication.missing-credentials",
  "a request without credentials gets 401 with the error envelope",
  { id: "fl153.authentication.missing-credentials#a-request-without-credentials-gets-401-with-the-error-envelope", needs: [], gate: "always", mutates: false },
  async (t) => {
    t.expect.error(await t.api(null).get("/users/me"), 401, ANY_AUTH_CODE);
  },
);

behaviour(
  "fl153.authentication.invalid-credentials",
  "a wrong API key or a mismatched email gets 401",
  { id: "fl153.authentication.invalid-credentials#a-wrong-api-key-or-a-mismatched-email-gets-401", gate: "always", mutates: false },
  async (t) => {
    const member = t.persona("member");
    const other = t.persona("secondMember");
    const wrongKey = t.api(null).as({ email: member.email, apiKey: "A".repeat(32) });
    t.expect.error(await wrongKey.get("/users/me"), 401, ANY_AUTH_CODE);
    const mismatched = t.api(null).as({ email: other.email, apiKey: member.apiKey });
    t.expect.error(await mismatched.get("/users/me"), 401, ANY_AUTH_CODE);
  },
);
