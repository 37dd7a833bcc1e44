import { describe, expect, it } from "vitest";
import { serversPerTest, type Ops, type Persona } from "./zulip-ops-support.ts";

/**
 * Clients without the user_settings_object capability (zulip-js, older apps): register copies the user's settings
 * of the legacy sections update_display_settings and update_global_notifications to its top level, and a change of
 * one of them comes as that section's legacy event besides the `user_settings` update — each setting only at the
 * levels it exists, and never a setting newer than the legacy split.
 */
const start = serversPerTest();

const LEGACY_SECTIONS = ["update_display_settings", "update_global_notifications"];

/** A register as a client with or without user_settings_object; the sections and queue event types default to all. */
async function register(
  ops: Ops,
  who: Persona,
  userSettingsObject: boolean,
  o: { fetch?: string[]; events?: string[] } = {},
): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = { client_capabilities: { notification_settings_null: true, user_settings_object: userSettingsObject } };
  if (o.fetch) params.fetch_event_types = o.fetch;
  if (o.events) params.event_types = o.events;
  const r = await ops.call(who, "POST", "/register", params);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** Settings Zulip added after the legacy split: only ever in user_settings. */
const MODERN = [
  "display_emoji_reaction_users",
  "user_list_style",
  "send_read_receipts",
  "escape_navigates_to_default_view",
  "web_escape_navigates_to_home_view",
  "receives_typing_notifications",
  "web_font_size_px",
];

describe("register without user_settings_object", () => {
  it("copies display and notification settings to the top level, with their choices (FL153)", async () => {
    const ops = await start(153);
    const body = await register(ops, "member", false, { fetch: [...LEGACY_SECTIONS, "user_settings"], events: ["heartbeat"] });
    const settings = body.user_settings as Record<string, unknown>;
    const display = [
      "twenty_four_hour_time",
      "emojiset",
      "default_language",
      "timezone",
      "default_view",
      "dense_mode",
      "enter_sends",
      "enable_drafts_synchronization",
    ];
    const notification = ["enable_sounds", "notification_sound", "desktop_icon_count_display", "presence_enabled", "realm_name_in_notifications"];
    for (const name of [...display, ...notification]) {
      expect(settings, name).toHaveProperty(name);
      expect(body, name).toHaveProperty(name, settings[name]);
    }
    expect(body.emojiset_choices).toEqual(settings.emojiset_choices);
    expect(body.available_notification_sounds).toEqual(settings.available_notification_sounds);
    // Settings of later levels are not there yet, their predecessors are.
    for (const name of ["web_home_view", "realm_name_in_email_notifications_policy", ...MODERN]) expect(body, name).not.toHaveProperty(name);
  });

  it("copies a setting that appeared after FL153 from its level on, its predecessor no longer (FL372)", async () => {
    const ops = await start(372);
    const body = await register(ops, "member", false, { fetch: LEGACY_SECTIONS, events: ["heartbeat"] });
    expect(body).toMatchObject({ web_home_view: "inbox", realm_name_in_email_notifications_policy: 1, twenty_four_hour_time: false, enable_sounds: true });
    for (const name of ["default_view", "realm_name_in_notifications", "dense_mode", "user_settings", ...MODERN]) expect(body, name).not.toHaveProperty(name);
  });

  it("sends each section's keys only when that section is fetched", async () => {
    const ops = await start(372);
    const display = await register(ops, "member", false, { fetch: ["update_display_settings"], events: ["heartbeat"] });
    expect(display).toHaveProperty("emojiset_choices");
    expect(display).toHaveProperty("timezone");
    expect(display).not.toHaveProperty("enable_sounds");
    expect(display).not.toHaveProperty("available_notification_sounds");
    const notifications = await register(ops, "member", false, { fetch: ["update_global_notifications"], events: ["heartbeat"] });
    expect(notifications).toHaveProperty("enable_sounds");
    expect(notifications).toHaveProperty("available_notification_sounds");
    expect(notifications).not.toHaveProperty("twenty_four_hour_time");
  });

  it("carries the values after a change", async () => {
    const ops = await start(372);
    expect((await ops.call("member", "PATCH", "/settings", { twenty_four_hour_time: true, enable_sounds: false })).status).toBe(200);
    expect(await register(ops, "member", false, { fetch: LEGACY_SECTIONS, events: ["heartbeat"] })).toMatchObject({
      twenty_four_hour_time: true,
      enable_sounds: false,
    });
  });
});

describe("register with user_settings_object", () => {
  it("has no top-level copies, even of every section", async () => {
    const ops = await start(372);
    const body = await register(ops, "member", true);
    expect(body).toHaveProperty("user_settings");
    for (const name of [
      "twenty_four_hour_time",
      "emojiset",
      "emojiset_choices",
      "timezone",
      "web_home_view",
      "enable_sounds",
      "notification_sound",
      "available_notification_sounds",
      "realm_name_in_email_notifications_policy",
    ]) {
      expect(body, name).not.toHaveProperty(name);
    }
  });
});

describe("legacy setting events", () => {
  it("go only to the queues without user_settings_object, besides the user_settings update", async () => {
    const ops = await start(372);
    const modern = await register(ops, "member", true, { fetch: [] });
    const legacy = await register(ops, "member", false, { fetch: [] });
    const settingsOnly = await register(ops, "member", false, { fetch: [], events: ["user_settings"] });
    const r = await ops.call("member", "PATCH", "/settings", { twenty_four_hour_time: true, enable_sounds: false, web_font_size_px: 14 });
    expect(r.status).toBe(200);
    const email = (await ops.call("member", "GET", "/users/me")).body.email;
    // The order of one request's settings carries no meaning.
    const byName = (events: Array<Record<string, unknown>>) =>
      events
        .map(({ id: _, ...e }) => e)
        .sort((a, b) => String(a.property ?? a.setting_name ?? a.notification_name).localeCompare(String(b.property ?? b.setting_name ?? b.notification_name)));
    const updates = [
      { type: "user_settings", op: "update", property: "enable_sounds", value: false },
      { type: "user_settings", op: "update", property: "twenty_four_hour_time", value: true },
      { type: "user_settings", op: "update", property: "web_font_size_px", value: 14 },
    ];
    expect(byName(await ops.events("member", modern.queue_id as string))).toEqual(updates);
    expect(byName(await ops.events("member", settingsOnly.queue_id as string))).toEqual(updates);
    const events = byName(await ops.events("member", legacy.queue_id as string));
    expect(events.filter((e) => e.type === "user_settings")).toEqual(updates);
    expect(events.filter((e) => e.type !== "user_settings")).toEqual([
      { type: "update_global_notifications", user: email, notification_name: "enable_sounds", setting: false },
      { type: "update_display_settings", user: email, setting_name: "twenty_four_hour_time", setting: true },
    ]);
  });

  it("go to a queue registered for the legacy type alone", async () => {
    const ops = await start(153);
    const q = await register(ops, "member", false, { fetch: [], events: ["update_global_notifications"] });
    expect((await ops.call("member", "PATCH", "/settings", { realm_name_in_notifications: true, twenty_four_hour_time: true })).status).toBe(200);
    expect(await ops.events("member", q.queue_id as string)).toEqual([
      expect.objectContaining({ type: "update_global_notifications", notification_name: "realm_name_in_notifications", setting: true }),
    ]);
  });

  it("name the language of default_language, and report the time zone as a display setting", async () => {
    const ops = await start(250);
    const q = await register(ops, "member", false, { fetch: [], events: ["update_display_settings"] });
    expect((await ops.call("member", "PATCH", "/settings", { default_language: "de", timezone: "Europe/Berlin" })).status).toBe(200);
    expect(await ops.events("member", q.queue_id as string)).toEqual([
      expect.objectContaining({ type: "update_display_settings", setting_name: "default_language", setting: "de", language_name: "Deutsch" }),
      expect.objectContaining({ type: "update_display_settings", setting_name: "timezone", setting: "Europe/Berlin" }),
    ]);
  });
});
