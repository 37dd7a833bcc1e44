import { randomBytes } from "node:crypto";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { PushNotifyRequest } from "../../src/schemas/push-notification.ts";
import { throwawayOrganization } from "../support/throwaway.ts";
import { startBouncerStub, type BouncerStub } from "../support/push.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember"] });

const BUDGET_MS = 5_000;

/** The next request the target posted to its push bouncer (the harness's listener), validated. */
async function nextNotification(t: TestContext, bouncer: BouncerStub, what: string): Promise<Record<string, unknown>> {
  const body = await bouncer.next(BUDGET_MS);
  if (body === null) t.expect.fail(`${what} posted to the push bouncer`, `nothing within ${BUDGET_MS / 1000} s`);
  t.expect.schema(PushNotifyRequest, body, undefined, `the ${what} posted to the push bouncer`);
  return (body as { gcm_payload: Record<string, unknown> }).gcm_payload;
}

/**
 * What a server posts to its push bouncer (POST <bouncer>/api/v1/remotes/push/notify) when a user with a registered
 * mobile device gets a direct message, and for POST /mobile_push/test_notification. The harness plays the bouncer,
 * so the target must be set up to post to it: a throw-away reference server is; other targets cannot verify it.
 * (The reference server serves /mobile_push/test_notification at every level; real servers from FL217.)
 */
behaviour(
  ["fl234.push.payload-realm-name", "fl257.push.payload-realm-url", "fl234.push.test-notification-event"],
  "push payloads carry realm_name from FL234 and realm_url from FL257; the test notification's event is test from FL234",
  {
    id: "fl234.push.payload-realm-name#push-payloads-carry-realm-name-from-fl234-and-realm-url-from-fl257-the-test-notification-s-event-is-test-from-fl234",
    gate: "always",
  },
  async (t) => {
    const bouncer = await startBouncerStub(t);
    try {
      const org = await throwawayOrganization(t, { pushBouncerUrl: bouncer.origin });
      try {
        const member = org.api("member");
        const settings = await t.must("GET /server_settings", org.api("member").get("/server_settings"));
        await t.must(
          "register a mobile push token",
          member.post("/users/me/push_device_token", { token: randomBytes(32).toString("hex"), appid: "org.example.chat" }),
        );
        const to = JSON.stringify([org.target.personas.member!.userId]);
        await t.must("send the member a direct message", org.api("secondMember").post("/messages", { type: "private", to, content: "push me" }));
        const payload = await nextNotification(t, bouncer, "the direct message's notification");
        t.expect.equal(payload.event, "message", "event");
        if (t.fl.atLeast(234)) t.expect.equal(payload.realm_name, settings.realm_name, "realm_name");
        else t.expect.absent(payload, "realm_name");
        if (t.fl.atLeast(257)) t.expect.equal(payload.realm_url, settings.realm_uri, "realm_url");
        else t.expect.absent(payload, "realm_url");
        await t.must("POST /mobile_push/test_notification", member.post("/mobile_push/test_notification"));
        const test = await nextNotification(t, bouncer, "the test notification");
        t.expect.equal(test.event, t.fl.atLeast(234) ? "test" : "test-by-device-token", "event");
      } finally {
        await org.close();
      }
    } finally {
      await bouncer.close();
    }
  },
);
