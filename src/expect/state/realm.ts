import { clone, editList, editObj, noState, obj, replaceWith, type ClientState, type ReduceContext, type ReducerEntry } from "./model.ts";
import { ownPermissionsUnknowable } from "./users.ts";

/**
 * The organization in the register state: the `realm_*` settings, their deprecated mirrors, `realm_emoji`,
 * `realm_linkifiers` / `realm_filters`, `realm_playgrounds`, `realm_domains`, `realm_billing`,
 * `realm_user_settings_defaults`; and the events that carry no register state (exports, invitations).
 */

/**
 * Deprecated register fields that the server derives from a newer setting by a mapping the spec does not give
 * (policies turned into group settings): when the newer one changes, the old one is unknowable to a client.
 */
const DERIVED: Record<string, string[]> = {
  can_create_public_channel_group: ["realm_create_public_stream_policy"],
  can_create_private_channel_group: ["realm_create_private_stream_policy"],
  can_create_web_public_channel_group: ["realm_create_web_public_stream_policy"],
  can_mention_many_users_group: ["realm_wildcard_mention_policy"],
  can_manage_all_groups: ["user_group_edit_policy"],
  can_invite_users_group: ["realm_invite_to_realm_policy"],
  direct_message_permission_group: ["realm_private_message_policy"],
  can_move_messages_between_channels_group: ["realm_move_messages_between_streams_policy"],
  can_move_messages_between_topics_group: ["realm_edit_topic_policy"],
  can_add_custom_emoji_group: ["realm_add_custom_emoji_policy"],
  can_delete_own_message_group: ["realm_delete_own_message_policy"],
  can_create_bots_group: ["realm_bot_creation_policy"],
};

/** Sets realm setting `name` (the event's name, without `realm_`) and what follows from it. */
function setRealm(state: ClientState, name: string, value: unknown, ctx: ReduceContext): ClientState {
  const next = { ...state };
  const key = `realm_${name}`;
  // Some settings are held under the bare name (zulip_plan_is_not_limited aside, the register's limits), some
  // group settings under an `_id` name at the levels before their values became group-setting values.
  if (Object.hasOwn(next, key)) next[key] = clone(value);
  else if (Object.hasOwn(next, `${key}_id`)) next[`${key}_id`] = clone(value);
  else if (Object.hasOwn(next, name)) next[name] = clone(value);
  // meet_server_url (top level) is the Jitsi server clients use: the organization's, else the server's.
  if (name === "meet_server_url" && Object.hasOwn(next, "meet_server_url")) next.meet_server_url = clone(value ?? next.server_meet_server_url);
  if (name === "meet_server_url" && Object.hasOwn(next, "jitsi_server_url")) next.jitsi_server_url = clone(value ?? next.server_meet_server_url);
  // realm_uri is the deprecated twin of realm_url.
  if (name === "url" && Object.hasOwn(next, "realm_uri")) next.realm_uri = clone(value);
  // realm_allow_edit_history (deprecated, FL358) is false exactly when the visibility policy is "none".
  if (name === "message_edit_history_visibility_policy" && Object.hasOwn(next, "realm_allow_edit_history"))
    next.realm_allow_edit_history = !(value === "none" || value === 3);
  if (name === "allow_edit_history" && Object.hasOwn(next, "realm_message_edit_history_visibility_policy"))
    ctx.unknowable("realm_message_edit_history_visibility_policy", "set through the deprecated allow_edit_history");
  for (const old of DERIVED[name] ?? []) ctx.unknowable(old, `a deprecated mirror of ${name}, derived by the server`);
  if (name.endsWith("_group") || name.endsWith("_policy") || name === "waiting_period_threshold")
    ownPermissionsUnknowable(ctx, `the organization's ${name} changed; the register derives these from it`);
  return next;
}

const realmUpdate: ReducerEntry = {
  sections: ["realm"],
  does: "realm_<property> = value (deprecated mirrors set or unknowable)",
  reduce(state, ev, ctx) {
    let next = setRealm(state, String(ev.property), ev.value, ctx);
    // Before FL306 a plan change carried the upload quota in extra_data.
    const extra = obj(ev.extra_data);
    if (extra.upload_quota !== undefined && Object.hasOwn(next, "realm_upload_quota_mib")) next = { ...next, realm_upload_quota_mib: extra.upload_quota };
    return next;
  },
};

/** `realm` update_dict: every key of `data` is a setting (property `default`), or an image's url and source (`icon`, `logo`, `night_logo`). */
const realmUpdateDict: ReducerEntry = {
  sections: ["realm"],
  does: "realm_<key> = value for every key of data",
  reduce(state, ev, ctx) {
    let next = state;
    for (const [k, v] of Object.entries(obj(ev.data))) next = setRealm(next, k, v, ctx);
    return next;
  },
};

/** `realm_domains` add / change / remove: {domain, allow_subdomains} entries by domain. */
const realmDomains = (op: "add" | "change" | "remove"): ReducerEntry => ({
  sections: ["realm_domains"],
  does: `realm_domains: ${op}`,
  reduce: (state, ev) =>
    editList(state, "realm_domains", (list) => {
      if (op === "remove") return list.filter((d) => d.domain !== ev.domain);
      const d = obj(ev.realm_domain);
      if (op === "add") return [...list.filter((x) => x.domain !== d.domain), clone(d)];
      for (const x of list) if (x.domain === d.domain) x.allow_subdomains = d.allow_subdomains;
      return list;
    }),
});

const none = (does: string): ReducerEntry => ({ sections: [], does, reduce: noState });

export const REALM_REDUCERS: Record<string, ReducerEntry> = {
  "realm/update": realmUpdate,
  "realm/update_dict": realmUpdateDict,
  // The organization is gone: a client's state is void and no register answers (401), so nothing is refetched; only
  // a poll already waiting receives it (StateWatch.poll, suites/realm/deactivate.test.ts).
  "realm/deactivated": none("the organization is gone (no register to compare)"),
  "realm_emoji/update": { sections: ["realm_emoji"], does: "realm_emoji replaced", reduce: replaceWith("realm_emoji", "realm_emoji") },
  realm_linkifiers: { sections: ["realm_linkifiers"], does: "realm_linkifiers replaced", reduce: replaceWith("realm_linkifiers", "realm_linkifiers") },
  realm_filters: { sections: ["realm_filters"], does: "realm_filters replaced (legacy, before FL176)", reduce: replaceWith("realm_filters", "realm_filters") },
  realm_playgrounds: { sections: ["realm_playgrounds"], does: "realm_playgrounds replaced", reduce: replaceWith("realm_playgrounds", "realm_playgrounds") },
  "realm_domains/add": realmDomains("add"),
  "realm_domains/change": realmDomains("change"),
  "realm_domains/remove": realmDomains("remove"),
  realm_billing: {
    sections: ["realm_billing"],
    does: "realm_billing[property] = value",
    reduce: (state, ev) => editObj(state, "realm_billing", (b) => void (b[String(ev.property)] = clone(ev.value))),
  },
  "realm_user_settings_defaults/update": {
    sections: ["realm_user_settings_defaults"],
    does: "realm_user_settings_defaults[property] = value",
    reduce: (state, ev) => editObj(state, "realm_user_settings_defaults", (d) => void (d[String(ev.property)] = clone(ev.value))),
  },
  realm_export: none("no register state (exports are listed by GET /export/realm)"),
  realm_export_consent: none("no register state (consents are listed by GET /export/realm/consents)"),
  invites_changed: none("no register state (invitations are listed by GET /invites)"),
};
