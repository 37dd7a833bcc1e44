import type { ParamMap } from "../../src/client/encode.ts";
import { MODERN_CLIENT_CAPABILITIES } from "../../src/client/capabilities.ts";

/**
 * A tour of every operation of Zulip's API description (facts/data/zulip-api.json) up to FL372, in an order
 * where each step finds what it needs: what one step creates, a later step reads, edits and removes. Parameters are
 * valid for the level they are sent at (the changelog's renames are followed); the runner in
 * validate-responses.test.ts skips a step whose operation does not exist at the level, calls the rest and checks
 * every 200 body against Zulip's schema.
 *
 * Steps run as the organization owner unless they say otherwise. A step that needs an id an earlier step failed to
 * capture still runs, with a placeholder id: a "No such endpoint" answer still tells that the operation is missing.
 */

export interface Credentials {
  email: string;
  apiKey: string;
  userId: number;
}

export interface TourContext {
  level: number;
  /** The fixture's personas, and the accounts the tour creates (`tourist`). */
  who: Record<string, Credentials>;
  /** What earlier steps captured. */
  ids: Record<string, number | string>;
  /** The id a step needs, or a placeholder (recorded as missing) when no earlier step captured it. */
  id(name: string): number;
  str(name: string): string;
  now: number;
}

export interface TourFile {
  name: string;
  type: string;
  data: Uint8Array;
}

export interface Step {
  /** The operationId of Zulip's description. */
  op: string;
  /** What this call of the operation is about, when the tour calls it more than once. */
  label?: string;
  /** Persona (or created account) to authenticate as; `null` sends no credentials. Default: owner. */
  as?: string | null;
  path?: (c: TourContext) => Record<string, string | number>;
  params?: (c: TourContext) => ParamMap;
  files?: (c: TourContext) => TourFile[];
  /** Captures ids from the 200 body. */
  keep?: (body: Record<string, unknown>, c: TourContext) => void;
}

const TOUR_CHANNEL = "zulip-tour";
const SECOND_CHANNEL = "zulip-tour-2";
const TOURIST = { email: "tourist@lab.example", password: "tour-password-1", fullName: "Tess Tourist" };
/** A 1×1 PNG, for the custom emoji. */
const PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));

/** Every capability a current client declares; a server drops the ones it does not know. */
export const CLIENT_CAPABILITIES = MODERN_CLIENT_CAPABILITIES;

/**
 * What a client of before FL89 declares (zulip-js, older apps): no user_settings_object, so register copies the
 * user's settings to its top level and setting changes come as legacy events too (wire §8.2).
 */
const LEGACY_SETTINGS_CAPABILITIES = { ...CLIENT_CAPABILITIES, user_settings_object: false };

const narrowTo = (c: TourContext) => [{ operator: "stream", operand: c.id("tourChannel") }];
/** The direct-message type's name: "private" until FL215 renamed it (typing) / FL174 (messages). */
const directType = (c: TourContext, renamedAt: number) => (c.level >= renamedAt ? "direct" : "private");

const register = (as: string, queue: string, capabilities: Record<string, boolean> = CLIENT_CAPABILITIES, label = `${as}'s queue`): Step => ({
  op: "register-queue",
  label,
  as,
  params: () => ({ apply_markdown: true, client_gravatar: true, slim_presence: true, include_subscribers: true, client_capabilities: capabilities }),
  keep: (b, c) => {
    c.ids[queue] = String(b.queue_id);
  },
});

const drain = (as: string, queue: string, label = `${as}'s events`): Step => ({
  op: "get-events",
  label,
  as,
  params: (c) => ({ queue_id: c.str(queue), last_event_id: -1, dont_block: true }),
});

export const TOUR: readonly Step[] = [
  // --- server, registration, credentials
  { op: "get-server-settings", as: null },
  register("owner", "ownerQueue"),
  register("member", "memberQueue"),
  register("member", "memberLegacySettingsQueue", LEGACY_SETTINGS_CAPABILITIES, "member's queue without user_settings_object"),
  { op: "dev-fetch-api-key", as: null, params: (c) => ({ username: c.who.owner!.email }) },

  // --- channels and subscriptions
  { op: "get-stream-id", params: () => ({ stream: "general" }), keep: (b, c) => void (c.ids.general = Number(b.stream_id)) },
  {
    op: "subscribe",
    label: "new channels, with the members",
    params: (c) => ({
      subscriptions: [{ name: TOUR_CHANNEL, description: "Where the tour goes." }, { name: SECOND_CHANNEL }],
      principals: [c.who.owner!.userId, c.who.member!.userId, c.who.secondMember!.userId],
    }),
  },
  { op: "get-stream-id", label: "the new channel", params: () => ({ stream: TOUR_CHANNEL }), keep: (b, c) => void (c.ids.tourChannel = Number(b.stream_id)) },
  { op: "get-subscriptions", params: () => ({ include_subscribers: true }) },
  { op: "get-streams" },
  { op: "get-stream-by-id", path: (c) => ({ stream_id: c.id("tourChannel") }) },
  { op: "get-subscribers", path: (c) => ({ stream_id: c.id("tourChannel") }) },
  { op: "get-subscription-status", path: (c) => ({ user_id: c.who.member!.userId, stream_id: c.id("tourChannel") }) },
  { op: "update-stream", path: (c) => ({ stream_id: c.id("tourChannel") }), params: () => ({ description: "Where the tour went." }) },
  {
    op: "update-subscription-settings",
    as: "member",
    params: (c) => ({ subscription_data: [{ stream_id: c.id("tourChannel"), property: "is_muted", value: true }] }),
  },
  {
    op: "get-stream-id",
    label: "the second channel",
    params: () => ({ stream: SECOND_CHANNEL }),
    keep: (b, c) => void (c.ids.secondChannel = Number(b.stream_id)),
  },
  { op: "update-subscriptions", as: "member", params: () => ({ add: [{ name: SECOND_CHANNEL }], delete: [] }) },
  { op: "get-stream-email-address", path: (c) => ({ stream_id: c.id("tourChannel") }) },
  { op: "add-default-stream", params: (c) => ({ stream_id: c.id("secondChannel") }) },
  { op: "remove-default-stream", params: (c) => ({ stream_id: c.id("secondChannel") }) },

  // --- messages
  {
    op: "send-message",
    params: (c) => ({ type: "stream", to: c.id("tourChannel"), topic: "tour", content: "Hello **tour**" }),
    keep: (b, c) => void (c.ids.message = Number(b.id)),
  },
  {
    op: "send-message",
    label: "a direct message",
    as: "member",
    params: (c) => ({ type: directType(c, 174), to: [c.who.owner!.userId], content: "Hello owner" }),
  },
  { op: "get-messages", params: (c) => ({ anchor: "newest", num_before: 10, num_after: 0, narrow: narrowTo(c), apply_markdown: true }) },
  { op: "get-message", path: (c) => ({ message_id: c.id("message") }) },
  { op: "render-message", params: () => ({ content: "**bold** and `code`" }) },
  { op: "check-messages-match-narrow", params: (c) => ({ msg_ids: [c.id("message")], narrow: [...narrowTo(c), { operator: "search", operand: "hello" }] }) },
  { op: "update-message", path: (c) => ({ message_id: c.id("message") }), params: () => ({ content: "Hello **tour**, edited" }) },
  { op: "get-message-history", path: (c) => ({ message_id: c.id("message") }) },
  { op: "add-reaction", as: "member", path: (c) => ({ message_id: c.id("message") }), params: () => ({ emoji_name: "smile" }) },
  { op: "remove-reaction", as: "member", path: (c) => ({ message_id: c.id("message") }), params: () => ({ emoji_name: "smile" }) },
  { op: "update-message-flags", as: "member", params: (c) => ({ messages: [c.id("message")], op: "add", flag: "starred" }) },
  {
    op: "update-message-flags-for-narrow",
    as: "member",
    params: (c) => ({ anchor: "newest", num_before: 10, num_after: 0, narrow: narrowTo(c), op: "add", flag: "read" }),
  },
  { op: "get-read-receipts", path: (c) => ({ message_id: c.id("message") }) },
  {
    op: "set-typing-status",
    label: "in a channel",
    as: "member",
    params: (c) =>
      c.level >= 215
        ? { type: "stream", op: "start", stream_id: c.id("tourChannel"), topic: "tour" }
        : { type: "stream", op: "start", to: [c.id("tourChannel")], topic: "tour" },
  },
  { op: "set-typing-status", label: "to a user", as: "member", params: (c) => ({ type: directType(c, 215), op: "stop", to: [c.who.owner!.userId] }) },
  { op: "set-typing-status-for-message-edit", path: (c) => ({ message_id: c.id("message") }), params: () => ({ op: "start" }) },
  { op: "mark-stream-as-read", as: "secondMember", params: (c) => ({ stream_id: c.id("tourChannel") }) },
  { op: "mark-topic-as-read", as: "secondMember", params: (c) => ({ stream_id: c.id("tourChannel"), topic_name: "tour" }) },
  { op: "mark-all-as-read", as: "secondMember" },
  { op: "update-user-topic", as: "member", params: (c) => ({ stream_id: c.id("tourChannel"), topic: "tour", visibility_policy: 1 }) },
  { op: "mute-topic", label: "mute", as: "secondMember", params: (c) => ({ stream_id: c.id("tourChannel"), topic: "tour", op: "add" }) },
  { op: "mute-topic", label: "unmute", as: "secondMember", params: (c) => ({ stream_id: c.id("tourChannel"), topic: "tour", op: "remove" }) },
  { op: "get-stream-topics", path: (c) => ({ stream_id: c.id("tourChannel") }) },

  // --- uploads
  {
    op: "upload-file",
    files: () => [{ name: "tour.txt", type: "text/plain", data: new TextEncoder().encode("the tour's file\n") }],
    keep: (b, c) => {
      const url = String(b.url ?? b.uri);
      c.ids.upload = url;
      const m = /\/user_uploads\/(\d+)\/(.+)$/.exec(url);
      if (m) [c.ids.uploadRealm, c.ids.uploadFile] = [m[1]!, m[2]!];
    },
  },
  {
    op: "send-message",
    label: "linking the upload",
    params: (c) => ({ type: "stream", to: c.id("tourChannel"), topic: "files", content: `[tour.txt](${c.str("upload")})` }),
  },
  { op: "get-file-temporary-url", path: (c) => ({ realm_id_str: c.str("uploadRealm"), filename: c.str("uploadFile") }) },
  {
    op: "get-attachments",
    keep: (b, c) => {
      const first = (b.attachments as Array<{ id: number }> | undefined)?.[0];
      if (first) c.ids.attachment = first.id;
    },
  },
  { op: "remove-attachment", path: (c) => ({ attachment_id: c.id("attachment") }) },

  // --- drafts, snippets, scheduled messages
  {
    op: "create-drafts",
    params: (c) => ({ drafts: [{ type: "stream", to: [c.id("tourChannel")], topic: "draft", content: "A draft", timestamp: c.now }] }),
    keep: (b, c) => {
      const ids = b.ids as number[] | undefined;
      if (ids?.[0] !== undefined) c.ids.draft = ids[0];
    },
  },
  { op: "get-drafts" },
  {
    op: "edit-draft",
    path: (c) => ({ draft_id: c.id("draft") }),
    params: (c) => ({ draft: { type: "stream", to: [c.id("tourChannel")], topic: "draft", content: "A draft, edited", timestamp: c.now } }),
  },
  { op: "delete-draft", path: (c) => ({ draft_id: c.id("draft") }) },
  { op: "create-saved-snippet", params: () => ({ title: "Greeting", content: "Hello!" }), keep: (b, c) => void (c.ids.snippet = Number(b.saved_snippet_id)) },
  { op: "get-saved-snippets" },
  { op: "edit-saved-snippet", path: (c) => ({ saved_snippet_id: c.id("snippet") }), params: () => ({ title: "Greeting, edited" }) },
  { op: "delete-saved-snippet", path: (c) => ({ saved_snippet_id: c.id("snippet") }) },
  {
    op: "create-scheduled-message",
    params: (c) => ({ type: "stream", to: c.id("tourChannel"), topic: "later", content: "Later", scheduled_delivery_timestamp: c.now + 86_400 }),
    keep: (b, c) => void (c.ids.scheduled = Number(b.scheduled_message_id)),
  },
  { op: "get-scheduled-messages" },
  { op: "update-scheduled-message", path: (c) => ({ scheduled_message_id: c.id("scheduled") }), params: () => ({ content: "Later, edited" }) },
  { op: "delete-scheduled-message", path: (c) => ({ scheduled_message_id: c.id("scheduled") }) },

  // --- the user's own settings and state
  { op: "get-own-user" },
  { op: "update-settings", as: "member", params: () => ({ twenty_four_hour_time: true, desktop_icon_count_display: 2 }) },
  { op: "add-alert-words", as: "member", params: () => ({ alert_words: ["tour"] }) },
  { op: "get-alert-words", as: "member" },
  { op: "remove-alert-words", as: "member", params: () => ({ alert_words: ["tour"] }) },
  { op: "mute-user", as: "member", path: (c) => ({ muted_user_id: c.who.secondMember!.userId }) },
  { op: "unmute-user", as: "member", path: (c) => ({ muted_user_id: c.who.secondMember!.userId }) },
  { op: "update-presence", as: "member", params: () => ({ status: "active", new_user_input: true, slim_presence: true }) },
  { op: "get-presence" },
  { op: "get-user-presence", path: (c) => ({ user_id_or_email: c.who.member!.email }) },
  { op: "update-status", as: "member", params: () => ({ status_text: "On the tour", emoji_name: "car", emoji_code: "1f697", reaction_type: "unicode_emoji" }) },
  { op: "get-user-status", path: (c) => ({ user_id: c.who.member!.userId }) },
  { op: "add-apns-token", as: "member", params: () => ({ token: "a1b2c3d4e5f60718293a4b5c6d7e8f90", appid: "org.zulip.Zulip" }) },
  { op: "add-fcm-token", as: "member", params: () => ({ token: "fcm-tour-token" }) },
  { op: "test-notify", as: "member" },
  { op: "remove-apns-token", as: "member", params: () => ({ token: "a1b2c3d4e5f60718293a4b5c6d7e8f90" }) },
  { op: "remove-fcm-token", as: "member", params: () => ({ token: "fcm-tour-token" }) },

  // --- users
  { op: "get-users" },
  { op: "get-user", path: (c) => ({ user_id: c.who.member!.userId }) },
  { op: "get-user-by-email", path: (c) => ({ email: c.who.member!.email }) },
  {
    op: "create-user",
    params: () => ({ email: TOURIST.email, password: TOURIST.password, full_name: TOURIST.fullName }),
    keep: (b, c) => void (c.ids.tourist = Number(b.user_id)),
  },
  {
    op: "fetch-api-key",
    as: null,
    params: () => ({ username: TOURIST.email, password: TOURIST.password }),
    keep: (b, c) => void (c.who.tourist = { email: String(b.email), apiKey: String(b.api_key), userId: Number(b.user_id ?? c.ids.tourist) }),
  },
  { op: "update-user", path: (c) => ({ user_id: c.id("tourist") }), params: () => ({ full_name: "Tess T. Tourist" }) },
  { op: "update-user-by-email", path: () => ({ email: TOURIST.email }), params: () => ({ full_name: "Tess Tourist" }) },
  { op: "deactivate-user", path: (c) => ({ user_id: c.id("tourist") }) },
  { op: "reactivate-user", path: (c) => ({ user_id: c.id("tourist") }) },

  // --- organization: emoji, profile fields, defaults, linkifiers, playgrounds, exports
  { op: "upload-custom-emoji", path: () => ({ emoji_name: "tour_emoji" }), files: () => [{ name: "tour.png", type: "image/png", data: PNG }] },
  { op: "get-custom-emoji" },
  { op: "deactivate-custom-emoji", path: () => ({ emoji_name: "tour_emoji" }) },
  {
    op: "create-custom-profile-field",
    params: () => ({ name: "Tour stop", hint: "Where on the tour", field_type: 1 }),
    keep: (b, c) => void (c.ids.profileField = Number(b.id)),
  },
  {
    op: "get-custom-profile-fields",
    keep: (b, c) => void (c.ids.profileFieldOrder = JSON.stringify(((b.custom_fields as Array<{ id: number }> | undefined) ?? []).map((f) => f.id).reverse())),
  },
  { op: "reorder-custom-profile-fields", params: (c) => ({ order: JSON.parse(String(c.ids.profileFieldOrder ?? "[]")) as number[] }) },
  { op: "update-realm-user-settings-defaults", params: () => ({ starred_message_counts: true }) },
  { op: "get-linkifiers" },
  {
    op: "add-linkifier",
    params: (c) =>
      c.level >= 176
        ? { pattern: "#(?P<id>[0-9]+)", url_template: "https://tracker.example/{id}" }
        : { pattern: "#(?P<id>[0-9]+)", url_format_string: "https://tracker.example/%(id)s" },
    keep: (b, c) => void (c.ids.linkifier = Number(b.id)),
  },
  {
    op: "update-linkifier",
    path: (c) => ({ filter_id: c.id("linkifier") }),
    params: (c) =>
      c.level >= 176
        ? { pattern: "T(?P<id>[0-9]+)", url_template: "https://tracker.example/t/{id}" }
        : { pattern: "T(?P<id>[0-9]+)", url_format_string: "https://tracker.example/t/%(id)s" },
  },
  { op: "reorder-linkifiers", params: (c) => ({ ordered_linkifier_ids: [c.id("linkifier")] }) },
  { op: "remove-linkifier", path: (c) => ({ filter_id: c.id("linkifier") }) },
  {
    op: "add-code-playground",
    params: (c) =>
      c.level >= 196
        ? { name: "Tour playground", pygments_language: "Python", url_template: "https://play.example/?code={code}" }
        : { name: "Tour playground", pygments_language: "Python", url_prefix: "https://play.example/?code=" },
    keep: (b, c) => void (c.ids.playground = Number(b.id)),
  },
  { op: "remove-code-playground", path: (c) => ({ playground_id: c.id("playground") }) },
  { op: "export-realm" },
  { op: "get-realm-exports" },
  { op: "get-realm-export-consents" },

  // --- invitations
  { op: "send-invites", params: (c) => ({ invitee_emails: "invitee@lab.example", stream_ids: [c.id("general")], invite_expires_in_minutes: 60 }) },
  { op: "create-invite-link", params: (c) => ({ stream_ids: [c.id("general")], invite_expires_in_minutes: 60 }) },
  {
    op: "get-invites",
    keep: (b, c) => {
      const invites = (b.invites as Array<{ id: number; is_multiuse: boolean }> | undefined) ?? [];
      const email = invites.find((i) => !i.is_multiuse);
      const link = invites.find((i) => i.is_multiuse);
      if (email) c.ids.invite = email.id;
      if (link) c.ids.inviteLink = link.id;
    },
  },
  { op: "resend-email-invite", path: (c) => ({ invite_id: c.id("invite") }) },
  { op: "revoke-email-invite", path: (c) => ({ invite_id: c.id("invite") }) },
  { op: "revoke-invite-link", path: (c) => ({ invite_id: c.id("inviteLink") }) },

  // --- user groups
  {
    op: "create-user-group",
    params: (c) => ({ name: "tour-group", description: "The tour's group", members: [c.who.member!.userId] }),
    keep: (b, c) => {
      if (b.group_id !== undefined) c.ids.group = Number(b.group_id);
    },
  },
  {
    op: "create-user-group",
    label: "a subgroup",
    params: (c) => ({ name: "tour-subgroup", description: "Inside the tour's group", members: [c.who.secondMember!.userId] }),
  },
  {
    op: "get-user-groups",
    keep: (b, c) => {
      const groups = (b.user_groups as Array<{ id: number; name: string }> | undefined) ?? [];
      for (const [name, key] of [
        ["tour-group", "group"],
        ["tour-subgroup", "subgroup"],
      ] as const) {
        const g = groups.find((x) => x.name === name);
        if (g) c.ids[key] = g.id;
      }
    },
  },
  { op: "update-user-group", path: (c) => ({ user_group_id: c.id("group") }), params: () => ({ description: "The tour's group, edited" }) },
  { op: "update-user-group-members", path: (c) => ({ user_group_id: c.id("group") }), params: (c) => ({ add: [c.who.owner!.userId], delete: [] }) },
  { op: "get-user-group-members", path: (c) => ({ user_group_id: c.id("group") }) },
  { op: "get-is-user-group-member", path: (c) => ({ user_group_id: c.id("group"), user_id: c.who.member!.userId }) },
  { op: "update-user-group-subgroups", path: (c) => ({ user_group_id: c.id("group") }), params: (c) => ({ add: [c.id("subgroup")], delete: [] }) },
  { op: "get-user-group-subgroups", path: (c) => ({ user_group_id: c.id("group") }) },
  { op: "deactivate-user-group", path: (c) => ({ user_group_id: c.id("group") }) },

  // --- calls
  { op: "create-big-blue-button-video-call", params: () => ({ meeting_name: "Tour call" }) },

  // --- removals, last: what they remove is gone for the steps above
  {
    op: "send-message",
    label: "to delete",
    params: (c) => ({ type: "stream", to: c.id("tourChannel"), topic: "doomed", content: "Soon gone" }),
    keep: (b, c) => void (c.ids.doomed = Number(b.id)),
  },
  { op: "delete-message", path: (c) => ({ message_id: c.id("doomed") }) },
  {
    op: "send-message",
    label: "in a topic to delete",
    params: (c) => ({ type: "stream", to: c.id("tourChannel"), topic: "doomed topic", content: "Soon gone too" }),
  },
  { op: "delete-topic", path: (c) => ({ stream_id: c.id("tourChannel") }), params: () => ({ topic_name: "doomed topic" }) },
  { op: "unsubscribe", params: () => ({ subscriptions: [SECOND_CHANNEL] }) },
  { op: "archive-stream", path: (c) => ({ stream_id: c.id("secondChannel") }) },
  { op: "deactivate-own-user", as: "tourist" },

  // --- the events all of that produced, then the queues' end
  drain("owner", "ownerQueue"),
  drain("member", "memberQueue"),
  drain("member", "memberLegacySettingsQueue", "member's events without user_settings_object"),
  { op: "delete-queue", as: "member", params: (c) => ({ queue_id: c.str("memberQueue") }) },
];
