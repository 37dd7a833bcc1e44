import { createHash } from "node:crypto";
import type { Runtime } from "../../runtime.ts";
import { REALM_SETTING_BY_NAME } from "../../state/realm-settings.ts";
import { settingActive } from "../../state/realm-values.ts";
import { zulipHas } from "../../zulip-levels.ts";
import type { User } from "../../state/types.ts";
import { botDomain } from "../users/bots/domain.ts";
import { EMOJI_DATA_PATH } from "../messages/emoji-data.ts";

/** Zulip's names and ids of the video-call providers (realm setting video_chat_provider). */
const VIDEO_CHAT_PROVIDERS: ReadonlyArray<readonly [key: string, name: string, id: number]> = [
  ["disabled", "None", 0],
  ["jitsi_meet", "Jitsi Meet", 1],
  ["zoom", "Zoom", 3],
  ["big_blue_button", "BigBlueButton", 4],
  ["zoom_server_to_server", "Zoom", 5],
];

const GIPHY_RATING_OPTIONS = {
  disabled: { name: "GIPHY integration disabled", id: 0 },
  y: { name: "Allow GIFs rated Y (Very young audience)", id: 1 },
  g: { name: "Allow GIFs rated G (General audience)", id: 2 },
  pg: { name: "Allow GIFs rated PG (Parental guidance)", id: 3 },
  "pg-13": { name: "Allow GIFs rated PG-13 (Parental guidance - under 13)", id: 4 },
  r: { name: "Allow GIFs rated R (Restricted)", id: 5 },
};

/** The external-account kinds custom profile fields offer (field type 7). */
const DEFAULT_EXTERNAL_ACCOUNTS = {
  twitter: { text: "Twitter", url_pattern: "https://twitter.com/%(username)s", name: "Twitter username", hint: "" },
  github: { text: "GitHub", url_pattern: "https://github.com/%(username)s", name: "GitHub username", hint: "" },
};

/** The Jitsi server a new organization's calls use until meet_server_url names its own. */
export const DEFAULT_MEET_SERVER_URL = "https://meet.jit.si";

/** The organization's icon, a gravatar of its string id as on real servers (GET /server_settings realm_icon too). */
export function realmIconUrl(rt: Runtime): string {
  return `https://secure.gravatar.com/avatar/${createHash("md5").update(rt.store.realm.stringId.toLowerCase()).digest("hex")}?d=identicon`;
}

/** The video-call providers the organization may choose: those video_chat_provider accepts at the emulated level. */
function videoChatProviders(rt: Runtime): Record<string, { name: string; id: number }> {
  const kind = REALM_SETTING_BY_NAME.get("video_chat_provider")?.kind;
  const out: Record<string, { name: string; id: number }> = {};
  if (kind?.type !== "enum") return out;
  for (const [key, name, id] of VIDEO_CHAT_PROVIDERS) {
    const gate = kind.later?.[id];
    if (kind.values.includes(id) && (gate === undefined || rt.fl.has(gate))) out[key] = { name, id };
  }
  return out;
}

/** realm_meet_server_url when the organization set one, else the server's. */
function effectiveMeetServerUrl(rt: Runtime): string {
  const def = REALM_SETTING_BY_NAME.get("meet_server_url");
  const own = def && settingActive(def, rt.fl) ? rt.store.settings.get("meet_server_url") : null;
  return typeof own === "string" && own !== "" ? own : DEFAULT_MEET_SERVER_URL;
}

/**
 * The realm section's fields that real servers send and the spec does not name, each from the level Zulip added
 * it (zulip-levels.ts): facts of the server, and organization settings this server does not let anyone change,
 * with the values a new self-hosted Zulip organization starts with. The spec's settings are REALM_SETTINGS'.
 */
export function zulipRealmFields(rt: Runtime): Record<string, unknown> {
  const { fl, store } = rt;
  const group = (name: Parameters<typeof store.groups.system>[0]) => store.groups.system(name).id;
  const out: Record<string, unknown> = {
    // The organization.
    realm_plan_type: store.realm.planType,
    // Plan 2 is Zulip Cloud's limited free plan.
    zulip_plan_is_not_limited: store.realm.planType !== 2,
    realm_org_type: 0,
    realm_icon_url: realmIconUrl(rt),
    realm_icon_source: "G",
    realm_logo_url: `${rt.url}/static/images/logo/zulip-org-logo.svg?version=0`,
    realm_logo_source: "D",
    realm_night_logo_url: `${rt.url}/static/images/logo/zulip-org-logo.svg?version=0`,
    realm_night_logo_source: "D",
    realm_bot_domain: botDomain(rt),
    realm_default_language: "en",
    realm_available_video_chat_providers: videoChatProviders(rt),
    // The effective video-meeting server: the spec's name, which --product zulip renames jitsi_server_url.
    meet_server_url: effectiveMeetServerUrl(rt),
    realm_default_external_accounts: DEFAULT_EXTERNAL_ACCOUNTS,
    giphy_rating_options: GIPHY_RATING_OPTIONS,
    realm_giphy_rating: GIPHY_RATING_OPTIONS.g.id,
    // Settings a new organization starts with (Zulip's model defaults).
    realm_invite_required: true,
    realm_emails_restricted_to_domains: false,
    realm_disallow_disposable_email_addresses: true,
    realm_name_changes_disabled: false,
    realm_email_changes_disabled: false,
    realm_avatar_changes_disabled: false,
    realm_inline_image_preview: true,
    realm_inline_url_embed_preview: false,
    realm_digest_emails_enabled: false,
    realm_digest_weekday: 1,
    realm_send_welcome_emails: true,
    realm_message_content_allowed_in_email_notifications: true,
    // -1: messages are kept forever.
    realm_message_retention_days: -1,
    realm_mandatory_topics: false,
    realm_presence_disabled: false,
    realm_want_advertise_in_communities_directory: false,
    realm_is_zephyr_mirror_realm: false,
    // Read receipts (GET /messages/{message_id}/read_receipts) and web-public channels are served here.
    realm_enable_read_receipts: true,
    realm_enable_spectator_access: true,
    realm_email_auth_enabled: true,
    realm_password_auth_enabled: true,
    // The server.
    server_generation: rt.control.generation,
    // The development login is served (POST /dev_fetch_api_key), as on a development server.
    development_environment: true,
    server_needs_upgrade: false,
    server_web_public_streams_enabled: true,
    server_inline_image_preview: true,
    server_inline_url_embed_preview: false,
    server_avatar_changes_disabled: false,
    server_name_changes_disabled: false,
    // This server sends no email.
    settings_send_digest_emails: false,
    password_min_guesses: 10_000,
    max_avatar_file_size_mib: 5,
    max_icon_file_size_mib: 5,
    max_logo_file_size_mib: 5,
    upgrade_text_for_wide_organization_logo: "Available on Zulip Cloud Standard. Upgrade to access.",
    server_emoji_data_url: `${rt.url}${EMOJI_DATA_PATH}`,
  };
  if (zulipHas(fl, "realmDateCreated")) out.realm_date_created = store.realm.dateCreated;
  if (zulipHas(fl, "realmRequireUniqueNames")) out.realm_require_unique_names = false;
  if (zulipHas(fl, "realmCanDeleteAnyMessageGroup")) out.realm_can_delete_any_message_group = group("role:administrators");
  if (zulipHas(fl, "topicSummaries")) {
    out.realm_can_summarize_topics_group = group("role:everyone");
    out.server_can_summarize_topics = false;
  }
  if (zulipHas(fl, "manageBillingGroup")) out.realm_can_manage_billing_group = group("role:administrators");
  if (zulipHas(fl, "realmCanResolveTopicsGroup")) out.realm_can_resolve_topics_group = group("role:everyone");
  return out;
}

/**
 * Register sections real servers have and the spec does not name, with this server's state: the domains that
 * restrict sign-ups (none unless the reference control adds some), no embedded bots are offered, no GIPHY key is
 * configured, and the search ignores no words. realm_billing from the level it came: whether a sponsorship
 * request is pending (the control's), true only for those who manage billing.
 */
export const ZULIP_SECTIONS: Record<string, (rt: Runtime, req: { user: User }) => Record<string, unknown>> = {
  realm_domains: (rt) => ({ realm_domains: rt.store.realmStatus.domains.map((d) => ({ ...d })) }),
  realm_embedded_bots: () => ({ realm_embedded_bots: [] }),
  giphy: () => ({ giphy_api_key: "" }),
  // Zoom meetings need no authorisation here (POST /calls/zoom/create answers at once): every user holds a token
  // unless the reference control revoked it.
  video_calls: (rt, req) => ({ has_zoom_token: !rt.store.realmStatus.withoutZoomToken.has(req.user.id) }),
  stop_words: () => ({ stop_words: [] }),
  realm_billing: (rt, req) =>
    zulipHas(rt.fl, "manageBillingGroup")
      ? { realm_billing: { has_pending_sponsorship_request: rt.store.realmStatus.sponsorshipPending && rt.access.realm.managesBilling(req.user) } }
      : {},
};
