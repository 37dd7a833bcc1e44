import { randomBytes } from "node:crypto";
import type { ApiResponse } from "../../src/client/client.ts";
import { defineSuite } from "../../src/expect/suite.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

/**
 * The spec's POST /users/me/push_device_token registers a token of the mobile-platform push service; against a
 * `zulip` target the client sends it to the real /users/me/apns_device_token (wire §17.1, facts/names.ts).
 */
behaviour(
  "fl223.push.device-token-appid-required",
  "registering a mobile push token requires appid from FL223; before, it may be left out",
  { id: "fl223.push.device-token-appid-required#registering-a-mobile-push-token-requires-appid-from-fl223-before-it-may-be-left-out", gate: "always" },
  async (t) => {
    const path = "/users/me/push_device_token";
    const member = t.api("member");
    const token = randomBytes(32).toString("hex");
    const registered = (res: ApiResponse) => {
      if (res.status === 200) t.cleanup(`push device token ${token.slice(0, 8)}…`, () => member.delete(path, { token }));
      return res;
    };
    const bare = registered(await member.post(path, { token }));
    if (t.fl.atLeast(223)) {
      const body = t.expect.error(bare, 400, "REQUEST_VARIABLE_MISSING");
      t.expect.equal(body.var_name, "appid", "var_name");
      t.expect.success(registered(await member.post(path, { token, appid: "org.example.chat" })), "POST with token and appid");
    } else {
      t.expect.success(bare, "POST with a token and no appid");
    }
  },
);
