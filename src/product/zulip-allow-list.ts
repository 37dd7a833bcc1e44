import type { ProblemKind } from "./validate.ts";

/**
 * The one list of ways the reference server's `--product zulip` answers may differ from Zulip's own API description
 * (facts/data/zulip-api.json), each for a stated reason. test/zulip/validate-responses.test.ts drops the
 * problems an entry covers; everything else it reports fails.
 *
 * An entry covers a problem when:
 * - `where` matches the problem's place: `<subject> <object>`, where the subject is an operationId
 *   (`get-own-user`), `register` for the POST /register body, or `event <type>[/<op>]`, and the object is the path
 *   of the object holding the key with array indices as `[]` and map keys as `{}` (`$.realm_users[]`). `*` matches
 *   any run of characters: `register $.realm_users[]`, `event typing/* $`, `* $.user`.
 * - `key` is the key the problem is about (the last step of its path), or `*`;
 * - `kind`, when given, is the problem's kind: one of validate.ts's (`missing-key` for a top-level key of Zulip's
 *   register that a register of every section lacks), or `missing-operation` for an operation of Zulip's
 *   description that the server does not serve at all (its place is `<operationId> $`, its key `*`);
 * - `levels`, when given, holds the level (`from` and `to` both inclusive).
 *
 * `reason` names the spec clause (an id of src/catalog/data/clauses, e.g. `fl334.messages.empty-topic-send`) or the
 * wire fact (`wire §n` of the wire facts, `ref §n` of the Zulip reference they point into) that makes the reference
 * server differ. An entry without one does not belong here: a difference nobody can justify is a bug of the server,
 * to be fixed there. Entries come in four kinds: Zulip's description shows today's shape without the level it
 * arrived at (its history notes are prose no script reads reliably), it leaves out what Zulip's servers send, the
 * spec says otherwise and the reference server follows the spec, or a register of every section lacks a key on
 * purpose (a feature the reference server does not model, or a key real servers send only in a case that never
 * arises here).
 */
export type AllowKind = ProblemKind | "missing-operation";

export interface AllowEntry {
  where: string;
  key: string;
  kind?: AllowKind;
  levels?: { from?: number; to?: number };
  reason: string;
}

/** Realm settings the catalog says were dropped at a level: register carries them (as `realm_<name>`) before it. */
const DROPPED_REALM_SETTINGS: ReadonlyArray<readonly [name: string, droppedAt: number, clause: string]> = [
  ["email_address_visibility", 163, "fl163.realm.email-address-visibility-removed"],
  ["community_topic_editing_limit_seconds", 183, "fl183.realm.community-topic-editing-limit-removed"],
  ["private_message_policy", 270, "fl270.realm.private-message-policy-removed"],
  ["delete_own_message_policy", 291, "fl291.realm.delete-own-message-policy-removed"],
  ["user_group_edit_policy", 299, "fl299.realm.user-group-edit-policy-removed"],
  ["add_custom_emoji_policy", 307, "fl307.realm.add-custom-emoji-policy-removed"],
  ["move_messages_between_streams_policy", 310, "fl310.realm.move-messages-between-streams-policy-removed"],
  ["edit_topic_policy", 316, "fl316.realm.edit-topic-policy-removed"],
  ["invite_to_realm_policy", 321, "fl321.realm.invite-to-realm-policy-removed"],
  ["invite_to_stream_policy", 341, "fl341.realm.invite-to-stream-policy-removed"],
  ["bot_creation_policy", 344, "fl344.realm.bot-creation-policy-removed"],
];

export const ZULIP_ALLOW_LIST: readonly AllowEntry[] = [
  // --- Zulip's description lists today's shape without the level it arrived at
  ...DROPPED_REALM_SETTINGS.map(([name, droppedAt, clause]): AllowEntry => ({
    where: "register $",
    key: `realm_${name}`,
    kind: "extra-key",
    levels: { to: droppedAt - 1 },
    reason: `${clause}: register carries it until FL${droppedAt}; Zulip's description no longer lists it`,
  })),
  {
    where: "register $.realm_authentication_methods",
    key: "*",
    kind: "wrong-type",
    levels: { to: 242 },
    reason: "fl153.realm.authentication-methods-booleans: each method maps to a boolean before FL243",
  },
  {
    where: "register $",
    key: "realm_default_code_block_language",
    kind: "wrong-type",
    levels: { to: 194 },
    reason: "fl195.realm.default-code-block-language-empty: null, not the empty string, means no default before FL195",
  },
  {
    where: "register $",
    key: "realm_name_in_email_notifications_policy",
    kind: "missing-key",
    levels: { to: 167 },
    reason:
      "ref §10.2: the legacy top-level copy of realm_name_in_email_notifications_policy, which replaced realm_name_in_notifications at FL168; Zulip's description dates the change only in a note",
  },
  {
    where: "register $.realm_default_streams",
    key: "[]",
    kind: "wrong-type",
    levels: { to: 329 },
    reason: "wire §8.3: realm_default_streams holds channel IDs from FL330, channel objects before (as Zulip's own note says)",
  },
  {
    where: "event default_streams $.default_streams",
    key: "[]",
    kind: "wrong-type",
    levels: { to: 329 },
    reason: "wire §8.3: default channels are IDs from FL330, channel objects before (as Zulip's own note on this event says)",
  },
  {
    where: "register $.onboarding_steps[]",
    key: "*",
    kind: "extra-key",
    levels: { from: 233, to: 258 },
    reason:
      "fl233.onboarding.step-types, fl259.onboarding.only-one-time-notice: steps of type hotspot, with the hotspot's fields (fl230.onboarding.hotspot-has-trigger), until FL259",
  },
  {
    where: "create-user-group $",
    key: "group_id",
    kind: "missing-required",
    levels: { to: 316 },
    reason: "fl317.groups.create-returns-group-id: the new group's id is returned from FL317 on",
  },
  {
    where: "mark-all-as-read $",
    key: "complete",
    kind: "missing-required",
    levels: { to: 210 },
    reason: "fl211.messages.mark-all-as-read-complete: `complete` from FL211 on (wire §4: partially_completed before)",
  },
  {
    where: "delete-topic $",
    key: "complete",
    kind: "missing-required",
    levels: { to: 210 },
    reason: "fl211.messages.delete-topic-complete: `complete` from FL211 on (wire §4: partially_completed before)",
  },
  {
    where: "* $.realm_linkifiers[]",
    key: "url_format_string",
    kind: "extra-key",
    levels: { to: 175 },
    reason: "fl176.realm.linkifiers-url-template: linkifiers carry url_format_string before FL176",
  },
  {
    where: "* $.realm_playgrounds[]",
    key: "url_prefix",
    kind: "extra-key",
    levels: { to: 195 },
    reason: "ref §10.2: code playgrounds carry url_prefix before FL196, url_template from it",
  },
  {
    where: "event stream/delete $.streams[]",
    key: "*",
    kind: "extra-key",
    levels: { to: 342 },
    reason:
      "fl343.channels.delete-event-streams-deprecated: before FL343 the delete event's channel objects were whole (as Zulip's own note says); from FL343 they hold stream_id alone",
  },
  {
    where: "register $.realm_user_settings_defaults",
    key: "dense_mode",
    kind: "extra-key",
    levels: { to: 363 },
    reason:
      "ref §10.2: dense_mode is a user setting, and so has an organization default, until FL364 (Zulip's description dates its removal for register as a whole)",
  },
  // --- Zulip's description leaves out what its servers send
  {
    where: "register $*",
    key: "realm_name_in_notifications",
    kind: "extra-key",
    levels: { to: 167 },
    reason:
      "ref §10.2: the boolean user setting realm_name_in_notifications (in user_settings, the organization's defaults and the legacy top-level copy), which realm_name_in_email_notifications_policy replaced at FL168; Zulip's description names it only in that note",
  },
  {
    where: "get-user-presence $.presence{}",
    key: "client",
    kind: "extra-key",
    reason: "wire §13: legacy presence objects carry client and pushable beside status and timestamp",
  },
  {
    where: "get-user-presence $.presence{}",
    key: "pushable",
    kind: "extra-key",
    reason: "wire §13: legacy presence objects carry client and pushable beside status and timestamp",
  },
  // --- a register of every section lacks a key on purpose
  {
    where: "register $",
    key: "receives_typing_notifications",
    kind: "missing-key",
    levels: { from: 253 },
    reason:
      "ref §4.1: the legacy top-level copies (update_display_settings, update_global_notifications) hold the settings of before FL89 and their renamed successors; receives_typing_notifications (FL253) travels in user_settings alone, and Zulip's description lists it at the top level with no section that sends it",
  },
  {
    where: "register $",
    key: "demo_organization_scheduled_deletion_date",
    kind: "missing-key",
    reason:
      "ref §4.1: only a demo organization has a scheduled deletion date (Zulip's description: present if the realm is a demo organization); the reference organization is none",
  },
  {
    where: "register $",
    key: "ignored_parameters_unsupported",
    kind: "missing-key",
    reason: "ref §1.5: present only when the request had parameters the server did not read",
  },
  {
    where: "register $",
    key: "can_subscribe_other_users",
    kind: "missing-key",
    levels: { from: 341 },
    reason: "fl341.register.can-subscribe-other-users-removed: the spec removes it at FL341; Zulip's description still lists it",
  }, // Operations the spec dates later than Zulip's description does: the reference server follows the spec.
  {
    where: "get-scheduled-messages $",
    key: "*",
    kind: "missing-operation",
    levels: { from: 173, to: 178 },
    reason: "fl179.messages.scheduled-create: the spec brings scheduled messages, listing and deleting them included, at FL179",
  },
  {
    where: "delete-scheduled-message $",
    key: "*",
    kind: "missing-operation",
    levels: { from: 173, to: 178 },
    reason: "fl179.messages.scheduled-create: the spec brings scheduled messages at FL179",
  },
  {
    where: "deactivate-user-group $",
    key: "*",
    kind: "missing-operation",
    levels: { from: 290, to: 293 },
    reason: "fl294.groups.deactivate-endpoint (wire §17.2 #10): the spec brings group deactivation at FL294; real servers have it from FL290",
  },
  {
    where: "set-typing-status-for-message-edit $",
    key: "*",
    kind: "missing-operation",
    levels: { from: 351, to: 360 },
    reason:
      "fl351.messages.edit-typing-endpoint (wire §17.2 #2): the spec contradicts itself; FL351–360 serve POST /message_edit_typing, the path form from FL361",
  },
];

/** A problem located for the allow-list: its subject, the normalised path of its object, its key, kind and level. */
export interface LocatedProblem {
  subject: string;
  object: string;
  key: string;
  kind: AllowKind;
  level: number;
}

const globToRegExp = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .split("*")
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );

export function allowEntryCovers(entry: AllowEntry, p: LocatedProblem): boolean {
  if (!globToRegExp(entry.where).test(`${p.subject} ${p.object}`)) return false;
  if (entry.key !== "*" && entry.key !== p.key) return false;
  if (entry.kind !== undefined && entry.kind !== p.kind) return false;
  if (entry.levels?.from !== undefined && p.level < entry.levels.from) return false;
  if (entry.levels?.to !== undefined && p.level > entry.levels.to) return false;
  return true;
}

/** The entry of the allow-list that covers a problem, if any. */
export const allowedBy = (p: LocatedProblem, list: readonly AllowEntry[] = ZULIP_ALLOW_LIST): AllowEntry | undefined =>
  list.find((e) => allowEntryCovers(e, p));
