import { defineSuite } from "../../src/expect/suite.ts";
import { RegisterResponse } from "../../src/schemas/register.ts";
import { deleteQueueLater } from "../support/cleanup.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

behaviour(
  ["fl153.versioning.feature-level-in-register", "fl153.versioning.feature-level-consistent"],
  "POST /register reports the same feature level as GET /server_settings",
  { id: "fl153.versioning.feature-level-in-register#post-register-reports-the-same-feature-level-as-get-server-settings", gate: "always" },
  async (t) => {
    const settings = t.expect.success(await t.api(null).get("/server_settings"));
    const { body } = await t.register("member", { fetch_event_types: ["realm"] });
    t.expect.equal(body.chat_feature_level, settings.chat_feature_level, "register chat_feature_level");
  },
);

behaviour(
  "fl257.register.realm-url",
  "POST /register has realm_url in the realm section",
  { id: "fl257.register.realm-url#post-register-has-realm-url-in-the-realm-section" },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["realm"] });
    const url = t.expect.present(body, "realm_url");
    t.expect.ok(typeof url === "string" && /^https?:\/\//.test(url), "realm_url to be an http(s) URL", url);
  },
);

behaviour(
  "fl257.register.realm-url",
  "before FL257 POST /register has no realm_url",
  { id: "fl257.register.realm-url#before-fl257-post-register-has-no-realm-url", gate: "before" },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["realm"] });
    t.expect.absent(body, "realm_url");
  },
);

behaviour(
  "fl257.register.realm-uri-alias",
  "POST /register keeps realm_uri, equal to realm_url from FL257",
  { id: "fl257.register.realm-uri-alias#post-register-keeps-realm-uri-equal-to-realm-url-from-fl257", gate: "always" },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["realm"] });
    const uri = t.expect.present(body, "realm_uri");
    if (t.fl.atLeast(257)) t.expect.equal(uri, body.realm_url, "realm_uri (the deprecated alias of realm_url)");
  },
);

behaviour(
  "fl153.events.register-queue",
  "POST /register returns a queue_id and a last_event_id of -1 or more",
  { id: "fl153.events.register-queue#post-register-returns-a-queue-id-and-a-last-event-id-of-1-or-more", gate: "always" },
  async (t) => {
    const res = await t.api("member").post("/register", { event_types: ["message"] });
    deleteQueueLater(t, "member", res.json?.queue_id);
    t.expect.schema(RegisterResponse, t.expect.success(res), res.exchange);
  },
);

behaviour(
  "fl153.register.client-capabilities-encoding",
  "client_capabilities is one JSON object of booleans",
  { id: "fl153.register.client-capabilities-encoding#client-capabilities-is-one-json-object-of-booleans", gate: "always" },
  async (t) => {
    const member = t.api("member");
    const ok = await member.post("/register", {
      fetch_event_types: [],
      client_capabilities: { notification_settings_null: true, bulk_message_deletion: true },
    });
    deleteQueueLater(t, member, ok.json?.queue_id);
    t.expect.success(ok);
    t.expect.error(await member.post("/register", { client_capabilities: { notification_settings_null: "yes" } }), 400, "BAD_REQUEST");
    t.expect.error(await member.post("/register", { client_capabilities: "{not json" }), 400, ["BAD_REQUEST", "INVALID_JSON"]);
  },
);
