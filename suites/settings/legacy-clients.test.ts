import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { UpdateDisplaySettingsEvent, UpdateGlobalNotificationsEvent } from "../../src/schemas/events/legacy-settings.ts";
import { registerWith } from "../support/events.ts";

/**
 * Clients without the user_settings_object capability (wire §8.2): register copies their settings to its top level,
 * and a change of a display or notification setting also reaches them as the legacy `update_display_settings` or
 * `update_global_notifications` event. The administrator changes its own settings (put back when the test ends)
 * and is the test's first persona, watched as such a client, so the state invariant reduces the legacy events.
 */
const CLAUSE = "fl153.events.state-consistency";
const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator"] });

behaviour(
  CLAUSE,
  "a client without user_settings_object gets update_display_settings and update_global_notifications, and the top-level copies follow",
  {
    id: "fl153.events.state-consistency#a-client-without-user-settings-object-gets-update-display-settings-and-update-global-notifications-and-the-top-level-copies-follow",
    invariant: { capabilities: { user_settings_object: false } },
  },
  async (t) => {
    const admin = t.api("administrator");
    const fetch = ["update_display_settings", "update_global_notifications", "user_settings"];
    const legacy = { notification_settings_null: true, user_settings_object: false };
    const { body } = await t.register("administrator", { fetch_event_types: fetch, event_types: ["heartbeat"], client_capabilities: legacy });
    const hour = t.expect.present(body, "twenty_four_hour_time");
    const icon = t.expect.present(body, "desktop_icon_count_display");
    t.expect.ok(
      typeof hour === "boolean" && [1, 2, 3, 4].includes(icon as number),
      "top-level twenty_four_hour_time (a boolean) and desktop_icon_count_display (1–4)",
      { hour, icon },
    );
    const change = { twenty_four_hour_time: !hour, desktop_icon_count_display: icon === 1 ? 2 : 1 };
    t.cleanup("the administrator's twenty_four_hour_time and desktop_icon_count_display", () =>
      admin.patch("/settings", { twenty_four_hour_time: hour as boolean, desktop_icon_count_display: icon as number }),
    );

    const { queue } = await registerWith(t, "administrator", ["update_display_settings", "update_global_notifications"], { user_settings_object: false });
    t.expect.success(await admin.patch("/settings", change), "PATCH /settings");
    const [display, notification] = await queue.until([
      eventOf("update_display_settings", (e) => (e.setting_name === "twenty_four_hour_time" ? null : `setting_name ${String(e.setting_name)}`)),
      eventOf("update_global_notifications", (e) =>
        e.notification_name === "desktop_icon_count_display" ? null : `notification_name ${String(e.notification_name)}`,
      ),
    ]);
    t.expect.equal(
      t.expect.schema(UpdateDisplaySettingsEvent, display, undefined, "the update_display_settings event").setting,
      change.twenty_four_hour_time,
      "setting in the update_display_settings event",
    );
    t.expect.equal(
      t.expect.schema(UpdateGlobalNotificationsEvent, notification, undefined, "the update_global_notifications event").setting,
      change.desktop_icon_count_display,
      "setting in the update_global_notifications event",
    );

    const after = (await t.register("administrator", { fetch_event_types: fetch, event_types: ["heartbeat"], client_capabilities: legacy })).body;
    t.expect.equal(
      [after.twenty_four_hour_time, after.desktop_icon_count_display],
      [change.twenty_four_hour_time, change.desktop_icon_count_display],
      "register's top-level [twenty_four_hour_time, desktop_icon_count_display] after PATCH /settings",
    );
  },
);
