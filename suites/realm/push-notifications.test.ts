import { randomBytes } from "node:crypto";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { startBouncerStub } from "../support/push.ts";
import { throwawayOrganization } from "../support/throwaway.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember"] });

/**
 * realm_push_notifications_enabled against what the push bouncer says: the harness plays the bouncer of a
 * throw-away reference server and answers a notification with {realm: {can_push: false}} (real bouncers say so
 * for an organization whose plan does not cover push). From FL231 the field follows that answer and a realm
 * update event tells clients; before, it says only whether a bouncer is configured. Other targets cannot verify it.
 */
behaviour(
  ["fl231.realm.push-notifications-enabled-real", "fl231.realm.push-notifications-update-event"],
  "realm_push_notifications_enabled follows the push bouncer's answer from FL231, with a realm update event",
  {
    id: "fl231.realm.push-notifications-enabled-real#realm-push-notifications-enabled-follows-the-push-bouncer-s-answer-from-fl231-with-a-realm-update-event",
    gate: "always",
  },
  async (t) => {
    const bouncer = await startBouncerStub(t);
    try {
      bouncer.reply = {
        result: "success",
        msg: "",
        total_android_devices: 0,
        total_apple_devices: 1,
        realm: { can_push: false, expected_end_timestamp: null },
      };
      const org = await throwawayOrganization(t, { pushBouncerUrl: bouncer.origin });
      try {
        const member = org.api("member");
        const { body, queue } = await t.register(member);
        t.expect.equal((body as Record<string, unknown>).realm_push_notifications_enabled, true, "realm_push_notifications_enabled with a bouncer configured");
        await t.must(
          "register a mobile push token",
          member.post("/users/me/push_device_token", { token: randomBytes(32).toString("hex"), appid: "org.example.chat" }),
        );
        const to = JSON.stringify([org.target.personas.member!.userId]);
        await t.must("send the member a direct message", org.api("secondMember").post("/messages", { type: "private", to, content: "push me" }));
        const posted = await bouncer.next(5_000);
        t.expect.ok(posted !== null, "a notification posted to the push bouncer", "nothing within 5 s");
        if (t.fl.atLeast(231)) {
          // The server takes the bouncer's answer in after it has answered the message's sender.
          const [ev] = await queue.untilLater([
            eventOf("realm", (e) => (e.property === "push_notifications_enabled" ? null : `property ${String(e.property)}`), "update"),
          ]);
          t.expect.equal(ev!.value, false, "value of the push_notifications_enabled update");
        }
        const again = await t.register(member);
        const expected = !t.fl.atLeast(231);
        t.expect.equal(
          (again.body as Record<string, unknown>).realm_push_notifications_enabled,
          expected,
          "realm_push_notifications_enabled after the bouncer refused",
        );
      } finally {
        await org.close();
      }
    } finally {
      await bouncer.close();
    }
  },
);
