import { defineSuite } from "../../src/expect/suite.ts";
import { freshUser } from "../support/users.ts";
import { AUTOMATIC_POLICY_SETTINGS, expectNoUserSettings, expectUserSettings, FOLLOWED_TOPIC_SETTINGS, personaActor, userSettingsOf } from "./settings.ts";
import { ignoredOf } from "../support/ignored.ts";

/**
 * User settings added by FL189–FL293, on a fresh user each or the administrator's own (PATCH /settings, register
 * user_settings, user_settings events). The organization's defaults for them are in defaults.test.ts (isolated:
 * they change the organization).
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator"] });

const FOLLOWED = [
  "fl189.settings.followed-topic-email-notifications",
  "fl189.settings.followed-topic-push-notifications",
  "fl189.settings.followed-topic-wildcard-mentions-notify",
  "fl189.settings.followed-topic-desktop-notifications",
  "fl189.settings.followed-topic-audible-notifications",
];
const POLICIES = ["fl214.settings.automatically-follow-topics-policy", "fl214.settings.automatically-unmute-topics-policy"];
const EXPORT = "fl293.settings.allow-private-data-export";
const ICON = "fl227.settings.desktop-icon-count-display-followed";

// The administrator's own settings (put back when the test ends), not a fresh user's: the state invariant watches
// the administrator, so its user_settings events are reduced and compared too.
behaviour(
  FOLLOWED,
  "the five followed-topic notification booleans are user settings",
  { id: "fl189.settings.followed-topic-email-notifications#the-five-followed-topic-notification-booleans-are-user-settings" },
  async (t) => {
    await expectUserSettings(t, await personaActor(t, "administrator", FOLLOWED_TOPIC_SETTINGS), FOLLOWED_TOPIC_SETTINGS);
  },
);

behaviour(
  FOLLOWED,
  "before FL189 there are no followed-topic notification settings",
  { id: "fl189.settings.followed-topic-email-notifications#before-fl189-there-are-no-followed-topic-notification-settings", gate: "before" },
  async (t) => {
    await expectNoUserSettings(t, await freshUser(t, "followed"), FOLLOWED_TOPIC_SETTINGS);
  },
);

behaviour(
  POLICIES,
  "automatically_follow_topics_policy and automatically_unmute_topics_in_muted_streams_policy are user settings",
  {
    id: "fl214.settings.automatically-follow-topics-policy#automatically-follow-topics-policy-and-automatically-unmute-topics-in-muted-streams-policy-are-user-settings",
  },
  async (t) => {
    await expectUserSettings(t, await freshUser(t, "policies"), AUTOMATIC_POLICY_SETTINGS);
  },
);

behaviour(
  POLICIES,
  "before FL214 there are no automatic topic-visibility policies",
  { id: "fl214.settings.automatically-follow-topics-policy#before-fl214-there-are-no-automatic-topic-visibility-policies", gate: "before" },
  async (t) => {
    await expectNoUserSettings(t, await freshUser(t, "policies"), AUTOMATIC_POLICY_SETTINGS);
  },
);

behaviour(
  EXPORT,
  "allow_private_data_export is a user setting",
  { id: "fl293.settings.allow-private-data-export#allow-private-data-export-is-a-user-setting" },
  async (t) => {
    await expectUserSettings(t, await freshUser(t, "export"), [{ name: "allow_private_data_export", value: true }]);
  },
);

behaviour(
  EXPORT,
  "before FL293 there is no allow_private_data_export user setting",
  { id: "fl293.settings.allow-private-data-export#before-fl293-there-is-no-allow-private-data-export-user-setting", gate: "before" },
  async (t) => {
    await expectNoUserSettings(t, await freshUser(t, "export"), [{ name: "allow_private_data_export", value: true }]);
  },
);

behaviour(
  ICON,
  "desktop_icon_count_display takes 1–4 from FL227 (a followed-topics choice inserted), 1–3 before",
  {
    id: "fl227.settings.desktop-icon-count-display-followed#desktop-icon-count-display-takes-1-4-from-fl227-a-followed-topics-choice-inserted-1-3-before",
    gate: "always",
  },
  async (t) => {
    const u = await freshUser(t, "icon");
    const initial = (await userSettingsOf(t, u)).desktop_icon_count_display;
    t.expect.ok([1, 2, 3, 4].includes(initial as number), "user_settings.desktop_icon_count_display to be one of the choices", initial);
    const res = await u.client.patch("/settings", { desktop_icon_count_display: 4 });
    if (t.fl.atLeast(227)) {
      t.expect.ok(
        !ignoredOf(t.expect.success(res, "PATCH /settings desktop_icon_count_display=4")).includes("desktop_icon_count_display"),
        "desktop_icon_count_display to be read",
        res.json,
        res.exchange,
      );
      t.expect.equal((await userSettingsOf(t, u)).desktop_icon_count_display, 4, "register user_settings.desktop_icon_count_display after choosing 4 (none)");
    } else {
      t.expect.error(res, 400, "BAD_REQUEST");
      t.expect.equal((await userSettingsOf(t, u)).desktop_icon_count_display, initial, "desktop_icon_count_display after the refused 4");
    }
  },
);
