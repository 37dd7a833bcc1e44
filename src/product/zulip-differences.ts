import type { ProblemKind } from "./validate.ts";

/**
 * The one table of how a Zulip 10.2 server differs, level by level, from what the suite and Zulip's own files lead
 * one to expect. Each row is one difference with its reason, and says where it shows:
 *
 * - `fails`: the suite's tests (test ids, or clause ids for all of a clause's tests) that a Zulip server of the
 *   row's levels fails because it behaves as Zulip does where the spec says otherwise. fixtures/expectations/
 *   zulip-10.2.json is these rows at FL372 (scripts/write-zulip-expectations.ts writes it; a test holds the
 *   committed file to the table), and the zulip-suite project runs the suite against `serve --product zulip` with
 *   them at each level it checks: a listed test that passes there is as much a failure as an unlisted one failing.
 * - `answers`: the places where the reference server's `--product zulip` answers differ from Zulip's own
 *   description of them (facts/data/zulip-api.json, and event_types.py's models in facts/data/zulip-events). The
 *   validation tour (test/zulip) and the zulip-suite project drop the problems these cover; every other one fails.
 *
 * An answer place covers a problem when:
 * - `where` matches the problem's place: `<subject> <object>`, where the subject is an operationId
 *   (`get-own-user`), `register` for the POST /register body, or `event <type>[/<op>]`, and the object is the path
 *   of the object holding the key with array indices as `[]` and map keys as `{}` (`$.realm_users[]`). `*` matches
 *   any run of characters: `register $.realm_users[]`, `event typing/* $`, `* $.user`.
 * - `key` is the key the problem is about (the last step of its path), or `*`;
 * - `kind`, when given, is the problem's kind: one of validate.ts's (`missing-key` for a top-level key of Zulip's
 *   register that a register of every section lacks), or `missing-operation` for an operation of Zulip's
 *   description that the server does not serve at all (its place is `<operationId> $`, its key `*`);
 * - the row's `levels`, when given, hold the level (`from` and `to` both inclusive).
 *
 * `reason` names the spec clause (an id of src/catalog/data/clauses, e.g. `fl334.messages.empty-topic-send`), the
 * wire fact (`wire §n` of the wire facts, `ref §n` of the Zulip reference they point into) or the entry of Zulip's
 * changelog that makes the difference. A row without one does not belong here: a difference nobody can justify is a
 * bug of the server, to be fixed there. Answer rows come in four kinds: Zulip's description shows today's shape
 * without the level it arrived at (its history notes are prose no script reads reliably), it leaves out what
 * Zulip's servers send, the spec says otherwise and the reference server follows the spec, or a register of every
 * section lacks a key on purpose (a feature the reference server does not model, or a key real servers send only
 * in a case that never arises here).
 */
export type AllowKind = ProblemKind | "missing-operation" | "unknown-event";

/** Levels, both ends inclusive; an end left out is open. */
export interface LevelSpan {
  from?: number;
  to?: number;
}

/** One place of Zulip's description where the `--product zulip` answers differ (see the table's comment). */
export interface AnswerPlace {
  where: string;
  key: string;
  kind?: AllowKind;
}

export interface ZulipDifference {
  reason: string;
  levels?: LevelSpan;
  fails?: readonly string[];
  answers?: readonly AnswerPlace[];
}

/** One answer place with its row's levels and reason: what the validators match a problem against. */
export interface AllowEntry extends AnswerPlace {
  levels?: LevelSpan;
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

export const ZULIP_DIFFERENCES: readonly ZulipDifference[] = [
  // --- Zulip does otherwise than the spec says: the suite's tests of the spec's way fail against it
  {
    reason: "wire §1: an unknown path under /api/v1 gets a 404 with an HTML page on real servers, not the JSON error envelope the spec gives every answer",
    fails: ["fl153.server.unknown-route"],
  },
  {
    reason:
      "wire §17.2 #7: Zulip renamed the channel setting can_remove_subscribers_group_id to can_remove_subscribers_group at FL197 (its changelog; the spec keeps the old name), in channel objects, events and the parameters that set it",
    levels: { from: 197 },
    fails: [
      "fl161.channels.can-remove-subscribers-group-field",
      "fl161.channels.can-remove-subscribers-group-param",
      "fl161.channels.can-remove-subscribers-group-enforced",
    ],
  },
  {
    reason:
      "event_types.py: a change of move_messages_within_stream_limit_seconds or move_messages_between_streams_limit_seconds arrives as a realm update event of its own; only allow_message_editing and message_content_edit_limit_seconds travel in update_dict, where the spec puts these too",
    levels: { from: 162 },
    fails: ["fl162.realm.move-within-stream-limit-setting", "fl162.realm.move-between-streams-limit-setting"],
  },
  {
    reason:
      "wire §17.2 #3: real servers send 'Unknown user' placeholders to the clients without the user_list_incomplete capability, and none to those with it; the spec says the reverse",
    levels: { from: 232 },
    fails: ["fl232.register.unknown-user-placeholders", "fl232.users.unknown-user-add-event"],
  },
  {
    reason: "wire §17.2 #4: POST /register carries no user_group_edit_policy from FL299, deprecated or not (Zulip's register description has no such key)",
    levels: { from: 299 },
    fails: ["fl299.register.user-group-edit-policy-deprecated"],
  },
  {
    reason:
      'wire §17.2 #1: message_edit_history_visibility_policy is a string ("all", "moves", "none") in PATCH /realm, register and events, where the spec says an integer; the test of realm_allow_edit_history cannot set the policy the spec\'s way',
    levels: { from: 358 },
    fails: ["fl358.realm.edit-history-visibility-policy", "fl358.register.allow-edit-history-deprecated"],
  },
  {
    reason:
      "Zulip's changelog: GET /scheduled_messages and DELETE /scheduled_messages/{id} exist from FL173, six levels before POST /scheduled_messages (FL179, fl179.messages.scheduled-create); the spec brings all of them at FL179",
    levels: { from: 173, to: 178 },
    fails: [
      "fl179.messages.scheduled-create#before-fl179-there-are-no-scheduled-message-endpoints",
      "fl181.messages.scheduled-failed-field#before-fl181-scheduled-message-objects-have-no-failed-field",
      "fl181.messages.scheduled-failed-on-send-failure#before-fl181-a-scheduled-message-that-could-not-be-sent-stays-undelivered-with-no-failed-field",
    ],
  },
  {
    reason:
      "wire §17.2 #10, Zulip's changelog FL290: groups can be deactivated from FL290 (the endpoint, the deactivated field, an update event to every client); the spec brings deactivation at FL294 (fl294.groups.deactivate-endpoint), with the include_deactivated_groups capability that Zulip too adds only then",
    levels: { from: 290, to: 293 },
    fails: [
      "fl294.groups.deactivate-endpoint#before-fl294-groups-cannot-be-deactivated-the-group-stays-listed-no-event-tells-of-it-renames-reach-every-client",
      "fl298.groups.cannot-deactivate-in-use#before-fl298-a-subgroup-in-use-is-deactivated-like-any-other-group",
      "fl340.groups.deactivated-group-editable#before-fl340-only-a-deactivated-group-s-name-can-change",
    ],
  },
  // --- Zulip's own models leave out what its servers send (event_types.py's pydantic models ignore keys they do not
  // list, so Zulip's test suite never sees these)
  {
    reason:
      "zulip.yaml: channel and subscription objects carry can_add_subscribers_group (FL342) and can_subscribe_group (FL357), as its own stream/create example shows; event_types.py's BasicStreamFields lists neither",
    answers: [
      { where: "event stream/create $.streams[]", key: "can_add_subscribers_group", kind: "extra-key" },
      { where: "event stream/create $.streams[]", key: "can_subscribe_group", kind: "extra-key" },
      { where: "event subscription/add $.subscriptions[]", key: "can_add_subscribers_group", kind: "extra-key" },
      { where: "event subscription/add $.subscriptions[]", key: "can_subscribe_group", kind: "extra-key" },
    ],
  },
  {
    reason:
      "wire §13 (Message), zulip.yaml (register's apply_markdown): a queue registered with apply_markdown false gets each message's Markdown source with content_type text/x-markdown; event_types.py's message models know only text/html",
    answers: [{ where: "event message $.message", key: "content_type", kind: "wrong-type" }],
  },
  {
    reason:
      "wire §13 (User): a bot's user object carries bot_type and bot_owner_id, in realm_user add events and in GET /users/me when a bot asks; event_types.py's person model and zulip.yaml's get-own-user list neither",
    answers: [
      { where: "event realm_user/add $.person", key: "bot_type", kind: "extra-key" },
      { where: "event realm_user/add $.person", key: "bot_owner_id", kind: "extra-key" },
      { where: "get-own-user $", key: "bot_type", kind: "extra-key" },
      { where: "get-own-user $", key: "bot_owner_id", kind: "extra-key" },
    ],
  },
  // --- Zulip's description lists today's shape without the level it arrived at
  ...DROPPED_REALM_SETTINGS.map(([name, droppedAt, clause]): ZulipDifference => ({
    reason: `${clause}: register carries it until FL${droppedAt}; Zulip's description no longer lists it`,
    levels: { to: droppedAt - 1 },
    answers: [{ where: "register $", key: `realm_${name}`, kind: "extra-key" }],
  })),
  {
    reason: "fl153.realm.authentication-methods-booleans: each method maps to a boolean before FL243",
    levels: { to: 242 },
    answers: [{ where: "register $.realm_authentication_methods", key: "*", kind: "wrong-type" }],
  },
  {
    reason: "fl195.realm.default-code-block-language-empty: null, not the empty string, means no default before FL195",
    levels: { to: 194 },
    answers: [{ where: "register $", key: "realm_default_code_block_language", kind: "wrong-type" }],
  },
  {
    reason:
      "ref §10.2: the legacy top-level copy of realm_name_in_email_notifications_policy, which replaced realm_name_in_notifications at FL168; Zulip's description dates the change only in a note",
    levels: { to: 167 },
    answers: [{ where: "register $", key: "realm_name_in_email_notifications_policy", kind: "missing-key" }],
  },
  {
    reason: "wire §8.3: realm_default_streams holds channel IDs from FL330, channel objects before (as Zulip's own note says)",
    levels: { to: 329 },
    answers: [{ where: "register $.realm_default_streams", key: "[]", kind: "wrong-type" }],
  },
  {
    reason: "wire §8.3: default channels are IDs from FL330, channel objects before (as Zulip's own note on this event says)",
    levels: { to: 329 },
    answers: [{ where: "event default_streams $.default_streams", key: "[]", kind: "wrong-type" }],
  },
  {
    reason:
      "fl233.onboarding.step-types, fl259.onboarding.only-one-time-notice: steps of type hotspot, with the hotspot's fields (fl230.onboarding.hotspot-has-trigger), until FL259",
    levels: { from: 233, to: 258 },
    answers: [
      { where: "register $.onboarding_steps[]", key: "*", kind: "extra-key" },
      { where: "event onboarding_steps $.onboarding_steps[]", key: "*", kind: "extra-key" },
    ],
  },
  {
    reason: "fl163.users.delivery-email-present: before FL163 a user object carries delivery_email only where the requester may see the real address",
    levels: { to: 162 },
    answers: [{ where: "event realm_user/add $.person", key: "delivery_email", kind: "missing-required" }],
  },
  {
    reason: "fl176.realm.realm-filters-no-events: the legacy realm_filters event is sent until FL176; event_types.py no longer has it",
    levels: { to: 175 },
    answers: [{ where: "event realm_filters $", key: "type", kind: "unknown-event" }],
  },
  {
    reason: 'fl215.messages.typing-event-message-type: typing events say message_type "private" for a direct message until FL215',
    levels: { to: 214 },
    answers: [{ where: "event typing/* $", key: "message_type", kind: "wrong-type" }],
  },
  {
    reason: "fl222.users.bot-active-event: a deactivated bot is a realm_bot event of op remove until FL222, an op event_types.py no longer has",
    levels: { to: 221 },
    answers: [{ where: "event realm_bot $", key: "type", kind: "unknown-event" }],
  },
  {
    reason: "fl240.events.restart-no-immediate: restart events carry the immediate flag until FL240",
    levels: { to: 239 },
    answers: [{ where: "event restart $", key: "immediate", kind: "extra-key" }],
  },
  {
    reason: "fl233.onboarding.event-renamed: the onboarding_steps event is called hotspots until FL233",
    levels: { to: 232 },
    answers: [{ where: "event hotspots $", key: "type", kind: "unknown-event" }],
  },
  {
    reason:
      "zulip.yaml (DefaultChannelGroup): a default channel group's streams are channel IDs from FL330, whole channel objects before (as its own note says)",
    levels: { to: 329 },
    answers: [
      { where: "register $.realm_default_stream_groups[].streams", key: "[]", kind: "wrong-type" },
      { where: "event default_stream_groups $.default_stream_groups[].streams", key: "[]", kind: "wrong-type" },
    ],
  },
  {
    reason: "fl328.messages.reaction-user-dict-removed: a message's reactions carry the deprecated user dictionary until FL328",
    levels: { to: 327 },
    answers: [{ where: "* $.message*.reactions[]", key: "user", kind: "extra-key" }],
  },
  {
    reason:
      "fl328.messages.reaction-event-user-dropped (Zulip's changelog FL328 and FL339): reaction events lack the deprecated user dictionary from FL328 until FL339 restores it; event_types.py requires it",
    levels: { from: 328, to: 338 },
    answers: [{ where: "event reaction/* $", key: "user", kind: "missing-required" }],
  },
  {
    reason: "fl306.realm.update-no-extra-data: realm update events may carry extra_data until FL306",
    levels: { to: 305 },
    answers: [{ where: "event realm/update $", key: "extra_data", kind: "extra-key" }],
  },
  {
    reason: "fl317.groups.create-returns-group-id: the new group's id is returned from FL317 on",
    levels: { to: 316 },
    answers: [{ where: "create-user-group $", key: "group_id", kind: "missing-required" }],
  },
  {
    reason: "fl211.messages.mark-all-as-read-complete: `complete` from FL211 on (wire §4: partially_completed before)",
    levels: { to: 210 },
    answers: [
      { where: "mark-all-as-read $", key: "complete", kind: "missing-required" },
      { where: "mark-all-as-read $", key: "result", kind: "not-in-enum" },
      { where: "mark-all-as-read $", key: "code", kind: "extra-key" },
    ],
  },
  {
    reason: "fl211.messages.delete-topic-complete: `complete` from FL211 on (wire §4: partially_completed before)",
    levels: { to: 210 },
    answers: [
      { where: "delete-topic $", key: "complete", kind: "missing-required" },
      { where: "delete-topic $", key: "result", kind: "not-in-enum" },
      { where: "delete-topic $", key: "code", kind: "extra-key" },
    ],
  },
  {
    reason: "fl176.realm.linkifiers-url-template: linkifiers carry url_format_string before FL176",
    levels: { to: 175 },
    answers: [
      { where: "* $.realm_linkifiers[]", key: "url_format_string", kind: "extra-key" },
      { where: "get-linkifiers $.linkifiers[]", key: "url_format_string", kind: "extra-key" },
    ],
  },
  {
    reason: "ref §10.2: code playgrounds carry url_prefix before FL196, url_template from it",
    levels: { to: 195 },
    answers: [{ where: "* $.realm_playgrounds[]", key: "url_prefix", kind: "extra-key" }],
  },
  {
    reason:
      "fl343.channels.delete-event-streams-deprecated: before FL343 the delete event's channel objects were whole (as Zulip's own note says); from FL343 they hold stream_id alone",
    levels: { to: 342 },
    answers: [
      { where: "event stream/delete $.streams[]", key: "*", kind: "extra-key" },
      // event_types.py types these objects as a dict from "stream_id" to an int: each other key is a wrong one.
      { where: "event stream/delete $.streams[]", key: "*", kind: "wrong-type" },
    ],
  },
  {
    reason:
      "ref §10.2: dense_mode is a user setting, and so has an organization default, until FL364 (Zulip's description dates its removal for register as a whole)",
    levels: { to: 363 },
    answers: [{ where: "register $.realm_user_settings_defaults", key: "dense_mode", kind: "extra-key" }],
  },
  // --- Zulip's description leaves out what its servers send
  {
    reason:
      "ref §10.2: the boolean user setting realm_name_in_notifications (in user_settings, the organization's defaults and the legacy top-level copy), which realm_name_in_email_notifications_policy replaced at FL168; Zulip's description names it only in that note",
    levels: { to: 167 },
    answers: [{ where: "register $*", key: "realm_name_in_notifications", kind: "extra-key" }],
  },
  {
    reason: "wire §13: legacy presence objects carry client and pushable beside status and timestamp",
    answers: [
      { where: "get-user-presence $.presence{}", key: "client", kind: "extra-key" },
      { where: "get-user-presence $.presence{}", key: "pushable", kind: "extra-key" },
    ],
  },
  // --- a register of every section lacks a key on purpose
  {
    reason:
      "ref §4.1: the legacy top-level copies (update_display_settings, update_global_notifications) hold the settings of before FL89 and their renamed successors; receives_typing_notifications (FL253) travels in user_settings alone, and Zulip's description lists it at the top level with no section that sends it",
    levels: { from: 253 },
    answers: [{ where: "register $", key: "receives_typing_notifications", kind: "missing-key" }],
  },
  {
    reason:
      "ref §4.1: only a demo organization has a scheduled deletion date (Zulip's description: present if the realm is a demo organization); the reference organization is none",
    answers: [{ where: "register $", key: "demo_organization_scheduled_deletion_date", kind: "missing-key" }],
  },
  {
    reason: "ref §1.5: present only when the request had parameters the server did not read",
    answers: [{ where: "register $", key: "ignored_parameters_unsupported", kind: "missing-key" }],
  },
  // --- Zulip's description still lists what its servers no longer send
  {
    reason:
      "fl341.register.can-subscribe-other-users-removed: Zulip's changelog removes can_subscribe_other_users from register at FL341, as the spec does; its register description still lists the key",
    levels: { from: 341 },
    answers: [{ where: "register $", key: "can_subscribe_other_users", kind: "missing-key" }],
  },
  // --- Zulip's description dates an operation by today's form of it
  {
    reason:
      "fl351.messages.edit-typing-endpoint (wire §17.2 #2): Zulip's changelog brings POST /message_edit_typing at FL351 and moves it to POST /messages/{message_id}/typing at FL361; its description gives the FL361 path with FL351, so FL351–360 serve the old path and not the described one",
    levels: { from: 351, to: 360 },
    answers: [{ where: "set-typing-status-for-message-edit $", key: "*", kind: "missing-operation" }],
  },
];

/** Every answer place of the table, each with its row's levels and reason. */
export const ZULIP_ALLOW_LIST: readonly AllowEntry[] = ZULIP_DIFFERENCES.flatMap((d) =>
  (d.answers ?? []).map((a): AllowEntry => ({ ...a, ...(d.levels ? { levels: d.levels } : {}), reason: d.reason })),
);

const holds = (span: LevelSpan | undefined, level: number): boolean =>
  (span?.from === undefined || level >= span.from) && (span?.to === undefined || level <= span.to);

/**
 * The expected failures of a Zulip server at `level`: each test or clause a row of that level names, with the
 * row's reason (the shape of an expectations file's `expectedFail`).
 */
export function zulipExpectedFailures(level: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of ZULIP_DIFFERENCES) if (holds(d.levels, level)) for (const id of d.fails ?? []) out[id] = d.reason;
  return out;
}

/** A problem located for the table's answer places: its subject, the normalised path of its object, its key, kind and level. */
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
  return holds(entry.levels, p.level);
}

/** The answer place (with its row's levels and reason) that covers a problem, if any. */
export const allowedBy = (p: LocatedProblem, list: readonly AllowEntry[] = ZULIP_ALLOW_LIST): AllowEntry | undefined =>
  list.find((e) => allowEntryCovers(e, p));
