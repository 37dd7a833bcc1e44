import { open, type Route } from "../../runtime.ts";
import { versionFor } from "../../../facts/versions.ts";
import { realmIconUrl } from "../realm/zulip-fields.ts";

/** GET /server_settings: no credentials; the feature level and the realm's public facts (wire §7). */
export const routes: Route[] = [
  open("GET", "/server_settings", ({ rt, req }) => {
    if (rt.faulty("fl153.server.server-settings-no-auth") && req.headers.authorization === undefined)
      return { chat_feature_level: rt.fl.level, chat_version: versionFor(rt.fl.level) };
    const out: Record<string, unknown> = {
      // `dev`: the development login (POST /dev_fetch_api_key, GET /dev_list_users) is served, for client developers.
      authentication_methods: {
        password: true,
        dev: true,
        email: true,
        ldap: false,
        remoteuser: false,
        github: false,
        azuread: false,
        gitlab: false,
        google: false,
        apple: false,
        saml: false,
        "openid connect": false,
      },
      external_authentication_methods: [],
      chat_feature_level: rt.faulty("fl153.versioning.feature-level-in-server-settings") ? String(rt.fl.level) : rt.fl.level,
      chat_version: versionFor(rt.fl.level),
      chat_merge_base: "",
      push_notifications_enabled: rt.config.pushBouncerUrl !== null,
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      realm_uri: rt.url,
      realm_name: rt.store.settings.get("name"),
      realm_icon: realmIconUrl(rt),
      realm_description: `<p>${String(rt.store.settings.get("description"))}</p>`,
      realm_web_public_access_enabled: false,
    };
    if (rt.fl.has("realmUrlField")) out.realm_url = rt.url;
    if (rt.fl.has("realmUrlField") && rt.faulty("fl257.server.realm-uri-alias")) delete out.realm_uri;
    return out;
  }),
];
