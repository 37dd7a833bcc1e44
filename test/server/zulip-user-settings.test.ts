import { describe, expect, it } from "vitest";
import { apiError, serversPerTest, type Ops } from "./zulip-ops-support.ts";

/**
 * The user settings of Zulip's PATCH /settings that the spec does not list: each is read at the levels Zulip has
 * it (ignored as unsupported before), validated as Zulip validates it, stored, sent as a `user_settings` update
 * event and carried by register's user_settings; the organization's defaults likewise, where Zulip has them.
 */
const start = serversPerTest();

const settingsOf = async (ops: Ops): Promise<Record<string, unknown>> =>
  (await ops.register("member", ["heartbeat"], ["user_settings"])).user_settings as Record<string, unknown>;
const defaultsOf = async (ops: Ops): Promise<Record<string, unknown>> =>
  (await ops.register("member", ["heartbeat"], ["realm_user_settings_defaults"])).realm_user_settings_defaults as Record<string, unknown>;
const ignoredOf = (body: Record<string, unknown>) => (body.ignored_parameters_unsupported as string[] | undefined) ?? [];

/** One setting of each kind, with a valid value other than the default. */
const CHANGES: Record<string, unknown> = {
  enter_sends: true,
  color_scheme: 2,
  emojiset: "twitter",
  web_font_size_px: 14,
  email_notifications_batching_period_seconds: 300,
  notification_sound: "ding",
  web_home_view: "all_messages",
  hide_ai_features: true,
};

describe("PATCH /settings, Zulip's other settings", () => {
  it("stores booleans, codes, choices and numbers, with one user_settings event each", async () => {
    const ops = await start();
    const before = await settingsOf(ops);
    for (const [name, value] of Object.entries(CHANGES)) expect(before[name], name).not.toEqual(value);
    const q = await ops.register("member", ["user_settings"]);
    const r = await ops.call("member", "PATCH", "/settings", CHANGES);
    expect(r.status).toBe(200);
    expect(ignoredOf(r.body)).toEqual([]);
    const events = await ops.events("member", q.queue_id as string);
    expect(Object.fromEntries(events.map((e) => [e.property, e.value]))).toEqual(CHANGES);
    expect(events.every((e) => e.type === "user_settings" && e.op === "update")).toBe(true);
    expect(await settingsOf(ops)).toMatchObject(CHANGES);
  });

  it("names the language of default_language in its event, and tells the other users of a new time zone", async () => {
    const ops = await start();
    const mine = await ops.register("member", ["user_settings"]);
    const theirs = await ops.register("secondMember", ["realm_user"]);
    expect((await ops.call("member", "PATCH", "/settings", { default_language: "de", timezone: "Europe/Berlin" })).status).toBe(200);
    const events = await ops.events("member", mine.queue_id as string);
    expect(events).toEqual([
      expect.objectContaining({ property: "default_language", value: "de", language_name: "Deutsch" }),
      expect.objectContaining({ property: "timezone", value: "Europe/Berlin" }),
    ]);
    expect(await ops.events("secondMember", theirs.queue_id as string)).toEqual([
      expect.objectContaining({ type: "realm_user", op: "update", person: { user_id: ops.id("member"), timezone: "Europe/Berlin" } }),
    ]);
    const users = await ops.call("secondMember", "GET", "/users", {});
    expect((users.body.members as Array<Record<string, unknown>>).find((u) => u.user_id === ops.id("member"))).toMatchObject({ timezone: "Europe/Berlin" });
    expect(await settingsOf(ops)).toMatchObject({ default_language: "de", timezone: "Europe/Berlin" });
  });

  it("refuses values Zulip refuses, changing nothing", async () => {
    const ops = await start();
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ color_scheme: 4 }, "Invalid color_scheme"],
      [{ emojiset: "apple" }, "Invalid emojiset"],
      [{ web_home_view: "recent" }, "Invalid web_home_view"],
      [{ default_language: "xx" }, "Invalid default_language"],
      [{ notification_sound: "gong" }, "Invalid notification sound 'gong'"],
      [{ email_notifications_batching_period_seconds: 0 }, "Invalid email batching period: 0 seconds"],
      [{ email_notifications_batching_period_seconds: 604_801 }, "Invalid email batching period: 604801 seconds"],
      [{ timezone: "Mars/Olympus_Mons" }, "Invalid timezone"],
      [{ web_font_size_px: "large" }, "web_font_size_px is not an integer"],
      [{ presence_enabled: "maybe" }, "presence_enabled is not a boolean"],
    ];
    const before = await settingsOf(ops);
    for (const [params, msg] of refusals) expect(await ops.call("member", "PATCH", "/settings", params), msg).toMatchObject(apiError(400, "BAD_REQUEST", msg));
    expect(await settingsOf(ops)).toEqual(before);
  });

  it("takes notification_sound none, and the week-long batching period", async () => {
    const ops = await start();
    const r = await ops.call("member", "PATCH", "/settings", { notification_sound: "none", email_notifications_batching_period_seconds: 604_800 });
    expect(r.status).toBe(200);
    expect(await settingsOf(ops)).toMatchObject({ notification_sound: "none", email_notifications_batching_period_seconds: 604_800 });
  });
});

describe("the settings by level", () => {
  /** Settings of each level, valid values other than the defaults. */
  const BY_LEVEL: Array<{ name: string; value: unknown; from?: number; until?: number }> = [
    { name: "dense_mode", value: false, until: 364 },
    { name: "realm_name_in_notifications", value: true, until: 168 },
    { name: "realm_name_in_email_notifications_policy", value: 3, from: 168 },
    { name: "web_mark_read_on_scroll_policy", value: 3, from: 175 },
    { name: "default_view", value: "all_messages", until: 219 },
    { name: "escape_navigates_to_default_view", value: false, until: 219 },
    { name: "web_home_view", value: "recent_topics", from: 219 },
    { name: "web_escape_navigates_to_home_view", value: false, from: 219 },
    { name: "web_font_size_px", value: 20, from: 245 },
    { name: "receives_typing_notifications", value: false, from: 253 },
    { name: "web_channel_default_view", value: 2, from: 269 },
    { name: "web_animate_image_previews", value: "never", from: 275 },
    { name: "web_suggest_update_timezone", value: false, from: 329 },
    { name: "hide_ai_features", value: true, from: 350 },
    { name: "twenty_four_hour_time", value: true },
    { name: "send_read_receipts", value: false },
  ];

  for (const level of [153, 168, 218, 219, 250, 334, 363, 364, 372]) {
    it(`at FL${level}, reads and stores the settings Zulip has, lists the others as unsupported`, async () => {
      const ops = await start(level);
      const has = (s: (typeof BY_LEVEL)[number]) => (s.from === undefined || level >= s.from) && (s.until === undefined || level < s.until);
      const r = await ops.call("member", "PATCH", "/settings", Object.fromEntries(BY_LEVEL.map((s) => [s.name, s.value])));
      expect(r.status).toBe(200);
      expect(ignoredOf(r.body).sort()).toEqual(
        BY_LEVEL.filter((s) => !has(s))
          .map((s) => s.name)
          .sort(),
      );
      const settings = await settingsOf(ops);
      for (const s of BY_LEVEL) {
        if (has(s)) expect(settings[s.name], s.name).toEqual(s.value);
        else expect(settings, s.name).not.toHaveProperty(s.name);
      }
    });
  }
});

describe("register's user_settings and realm_user_settings_defaults", () => {
  it("carry the emoji sets and notification sounds beside the settings; only user_settings has the time zone", async () => {
    const ops = await start();
    const mine = await settingsOf(ops);
    const defaults = await defaultsOf(ops);
    for (const o of [mine, defaults]) {
      expect(o.emojiset_choices).toContainEqual({ key: "google", text: "Google" });
      expect(o.available_notification_sounds).toContain("zulip");
      expect(o).toMatchObject({ default_language: "en", emojiset: "google", notification_sound: "zulip", web_home_view: "inbox", enable_login_emails: true });
    }
    expect(mine).toHaveProperty("timezone", "");
    expect(defaults).not.toHaveProperty("timezone");
    const keys = (o: Record<string, unknown>) =>
      Object.keys(o)
        .filter((k) => k !== "timezone")
        .sort();
    expect(keys(defaults)).toEqual(keys(mine));
  });
});

describe("PATCH /realm/user_settings_defaults", () => {
  it("sets the organization's defaults of Zulip's other settings, with one event each", async () => {
    const ops = await start();
    const q = await ops.register("member", ["realm_user_settings_defaults"]);
    const r = await ops.call("administrator", "PATCH", "/realm/user_settings_defaults", { emojiset: "text", web_font_size_px: 18, enter_sends: true });
    expect(r.status).toBe(200);
    expect(ignoredOf(r.body)).toEqual([]);
    const events = await ops.events("member", q.queue_id as string);
    expect(events.every((e) => e.type === "realm_user_settings_defaults" && e.op === "update")).toBe(true);
    expect(Object.fromEntries(events.map((e) => [e.property, e.value]))).toEqual({ emojiset: "text", web_font_size_px: 18, enter_sends: true });
    expect(await defaultsOf(ops)).toMatchObject({ emojiset: "text", web_font_size_px: 18, enter_sends: true });
  });

  it("lists the settings Zulip leaves to each user as unsupported, though register shows their defaults", async () => {
    const ops = await start();
    const r = await ops.call("administrator", "PATCH", "/realm/user_settings_defaults", {
      default_language: "de",
      enable_login_emails: false,
      enable_marketing_emails: false,
      timezone: "Europe/Berlin",
    });
    expect(r.status).toBe(200);
    expect(ignoredOf(r.body)).toEqual(["default_language", "enable_login_emails", "enable_marketing_emails", "timezone"]);
    expect(await defaultsOf(ops)).toMatchObject({ default_language: "en", enable_login_emails: true, enable_marketing_emails: true });
  });

  it("refuses what PATCH /settings refuses", async () => {
    const ops = await start();
    const r = await ops.call("administrator", "PATCH", "/realm/user_settings_defaults", { email_notifications_batching_period_seconds: -5 });
    expect(r).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid email batching period: -5 seconds"));
  });
});
