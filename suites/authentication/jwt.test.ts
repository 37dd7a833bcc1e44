import { SignJWT } from "jose";
import { defineSuite } from "../../src/expect/suite.ts";
import { UnverifiableError } from "../../src/expect/failure.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

/** A token for `email`, signed (HS256) with `key`. */
const tokenFor = (email: string, key: string) =>
  new SignJWT({ email }).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("5m").sign(new TextEncoder().encode(key));

/**
 * POST /api/v1/jwt/fetch_api_key needs the organization's JWT key, which real servers take from their
 * configuration: the target declares it (serverConfig.jwtKey; the reference server states its own).
 */
behaviour(
  "fl160.authentication.jwt-fetch-api-key",
  "POST /api/v1/jwt/fetch_api_key trades a signed JWT for the user's API key from FL160",
  { id: "fl160.authentication.jwt-fetch-api-key#post-api-v1-jwt-fetch-api-key-trades-a-signed-jwt-for-the-user-s-api-key-from-fl160", gate: "always" },
  async (t) => {
    const anon = t.api(null);
    const member = t.persona("member");
    if (!t.fl.atLeast(160)) {
      const res = await anon.post("/jwt/fetch_api_key", { token: "x.y.z" });
      t.expect.ok(res.status === 404, "HTTP 404: no such endpoint before FL160", res.status, res.exchange);
      return;
    }
    const key = t.target.serverConfig?.jwtKey;
    if (key === undefined) {
      throw new UnverifiableError({
        reason: "the target declares no JWT key: JWT authentication cannot be exercised",
        remedy: "add serverConfig.jwtKey (the organization's HS256 JWT key) to the personas file",
      });
    }
    const res = await anon.post("/jwt/fetch_api_key", { token: await tokenFor(member.email, key) });
    const body = t.expect.success(res, "POST /api/v1/jwt/fetch_api_key with a signed token");
    t.expect.equal(body.api_key, member.apiKey, "api_key");
    t.expect.equal(String(body.email).toLowerCase(), member.email.toLowerCase(), "email");
    const forged = await anon.post("/jwt/fetch_api_key", { token: await tokenFor(member.email, `${key}-not-the-key`) });
    t.expect.error(forged, 400, "BAD_REQUEST");
  },
);
