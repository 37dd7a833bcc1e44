import { defineSuite } from "../../src/expect/suite.ts";
import { ServerSettings } from "../../src/schemas/server-settings.ts";

const { behaviour } = defineSuite(import.meta.url);

behaviour(
  ["fl153.versioning.feature-level-in-server-settings", "fl153.server.server-settings-no-auth"],
  "GET /server_settings reports an integer feature level without credentials",
  {
    id: "fl153.versioning.feature-level-in-server-settings#get-server-settings-reports-an-integer-feature-level-without-credentials",
    gate: "always",
    mutates: false,
  },
  async (t) => {
    const res = await t.api(null).get("/server_settings");
    const body = t.expect.schema(ServerSettings, t.expect.success(res), res.exchange);
    if (!t.target.notes.some((n) => n.startsWith("--assume-fl")))
      t.expect.equal(body.chat_feature_level, t.target.featureLevel, "chat_feature_level", res.exchange);
  },
);

behaviour(
  "fl257.server.realm-url",
  "GET /server_settings has realm_url, an absolute URL",
  { id: "fl257.server.realm-url#get-server-settings-has-realm-url-an-absolute-url", mutates: false },
  async (t) => {
    const res = await t.api(null).get("/server_settings");
    const body = t.expect.success(res);
    const url = t.expect.present(body, "realm_url");
    t.expect.ok(typeof url === "string" && /^https?:\/\//.test(url), "realm_url to be an http(s) URL", url);
  },
);

behaviour(
  "fl257.server.realm-url",
  "before FL257 GET /server_settings has no realm_url",
  { id: "fl257.server.realm-url#before-fl257-get-server-settings-has-no-realm-url", gate: "before", mutates: false },
  async (t) => {
    const res = await t.api(null).get("/server_settings");
    t.expect.absent(t.expect.success(res), "realm_url");
  },
);

behaviour(
  "fl257.server.realm-uri-alias",
  "GET /server_settings keeps realm_uri, equal to realm_url from FL257",
  { id: "fl257.server.realm-uri-alias#get-server-settings-keeps-realm-uri-equal-to-realm-url-from-fl257", gate: "always", mutates: false },
  async (t) => {
    const res = await t.api(null).get("/server_settings");
    const body = t.expect.success(res);
    const uri = t.expect.present(body, "realm_uri");
    if (t.fl.atLeast(257)) t.expect.equal(uri, body.realm_url, "realm_uri (the deprecated alias of realm_url)");
  },
);
