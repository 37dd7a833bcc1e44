import { clone, editObj, noState, replaceWith, type ClientState, type ReducerEntry } from "./model.ts";

/**
 * The client's own settings in the register state: `user_settings` (clients with user_settings_object), the
 * legacy top-level copies (clients without it), `onboarding_steps`, `alert_words`, `has_zoom_token`.
 */

/** Sets a top-level key when the register returned it (the legacy settings copies). */
function setTop(state: ClientState, key: string, value: unknown): ClientState {
  return Object.hasOwn(state, key) ? { ...state, [key]: clone(value) } : state;
}

const userSettingsUpdate: ReducerEntry = {
  sections: ["user_settings", "update_display_settings", "update_global_notifications"],
  does: "user_settings[property] = value, and its legacy top-level copy",
  reduce(state, ev) {
    const property = String(ev.property);
    let next = editObj(state, "user_settings", (s) => void (s[property] = clone(ev.value)));
    next = setTop(next, property, ev.value);
    return next;
  },
};

/** The legacy settings events of clients without user_settings_object: setting_name / notification_name and setting. */
const legacy = (nameField: string): ReducerEntry => ({
  sections: ["update_display_settings", "update_global_notifications", "user_settings"],
  does: `the top-level setting named by ${nameField}`,
  reduce: (state, ev) => setTop(state, String(ev[nameField]), ev.setting),
});

export const SETTINGS_REDUCERS: Record<string, ReducerEntry> = {
  "user_settings/update": userSettingsUpdate,
  update_display_settings: legacy("setting_name"),
  update_global_notifications: legacy("notification_name"),
  onboarding_steps: {
    sections: ["onboarding_steps"],
    does: "onboarding_steps replaced by the event's list",
    reduce: replaceWith("onboarding_steps", "onboarding_steps"),
  },
  alert_words: { sections: ["alert_words"], does: "alert_words replaced", reduce: replaceWith("alert_words", "alert_words") },
  has_zoom_token: {
    sections: ["video_calls"],
    does: "has_zoom_token = value (register section video_calls)",
    reduce: (state, ev) => setTop(state, "has_zoom_token", ev.value),
  },
  heartbeat: { sections: [], does: "no register state", reduce: noState },
  restart: { sections: [], does: "no register state (a new server generation; its fields are excluded)", reduce: noState },
  web_reload_client: { sections: [], does: "no register state", reduce: noState },
};
