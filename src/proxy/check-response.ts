import { ErrorEnvelope } from "../schemas/envelope.ts";
import { MessagesPage, Message } from "../schemas/message.ts";
import { RegisterResponse } from "../schemas/register.ts";
import { ServerSettings } from "../schemas/server-settings.ts";
import { UploadResponse } from "../schemas/upload.ts";
import { capabilitiesOf } from "../client/observed-params.ts";
import { isObject, schemaProblem, short, type CheckContext } from "./context.ts";

/**
 * Checks of every REST answer (the envelope, error codes, ignored parameters) and of the answers whose shape
 * depends on the level (server_settings, register, uploads, message fetches). Event payloads: check-events.ts.
 */

/** Codes whose HTTP status the wire facts fix (wire §5), with the clause that names them. */
const CODE_STATUS: Readonly<Record<string, { status: number; clause: string }>> = {
  UNAUTHORIZED: { status: 401, clause: "fl153.authentication.invalid-credentials" },
  BAD_EVENT_QUEUE_ID: { status: 400, clause: "fl153.events.bad-queue-id" },
  REQUEST_VARIABLE_MISSING: { status: 400, clause: "fl153.server.missing-parameter" },
};

/** The envelope of an API answer: JSON with a result; errors with msg and code; ignored parameters listed. */
export function checkEnvelope(ctx: CheckContext, rawText: string | undefined, parseError: string | undefined): void {
  // A path that names no operation: the answer's shape is the unknown-route clause's (which a Zulip target breaks by
  // design with its HTML page), not the general one's.
  if (ctx.known === undefined && ctx.status === 404 && !/^application\/json\b/i.test(ctx.contentType ?? "")) {
    if (ctx.applies("fl153.server.unknown-route"))
      ctx.report({
        clause: "fl153.server.unknown-route",
        want: "HTTP 404 with a JSON error envelope",
        got: ctx.contentType === undefined ? "no Content-Type" : `Content-Type ${ctx.contentType}`,
      });
    return;
  }
  if (ctx.applies("fl153.server.json-response")) {
    if (!/^application\/json\b/i.test(ctx.contentType ?? "")) {
      ctx.report({
        clause: "fl153.server.json-response",
        want: "Content-Type application/json",
        got: ctx.contentType === undefined ? "no Content-Type" : `Content-Type ${ctx.contentType}`,
      });
      return;
    }
    if (parseError !== undefined) {
      ctx.report({
        clause: "fl153.server.json-response",
        want: "a JSON object",
        got: `a body that is not JSON (${parseError}): ${short(rawText?.slice(0, 100))}`,
      });
      return;
    }
    if (!isObject(ctx.json) || typeof ctx.json.result !== "string") {
      ctx.report({
        clause: "fl153.server.json-response",
        want: "a JSON object with a `result` string",
        got: short(isObject(ctx.json) ? ctx.json.result : ctx.json),
        at: "$.result",
      });
      return;
    }
  }
  if (!isObject(ctx.json)) return;
  const body = ctx.json;
  const result = body.result;
  if (ctx.applies("fl211.errors.result-success-or-error") && result !== "success" && result !== "error") {
    ctx.report({ clause: "fl211.errors.result-success-or-error", want: "result 'success' or 'error'", got: short(result), at: "$.result" });
  }
  const isError = result === "error" || ctx.status >= 400;
  // 405 and 500 carry no code on real servers (wire §4).
  if (isError && ctx.status !== 405 && ctx.status < 500 && ctx.applies("fl153.errors.error-envelope")) {
    const p = schemaProblem(ErrorEnvelope, body);
    if (p)
      ctx.report({
        clause: "fl153.errors.error-envelope",
        want: `HTTP ${ctx.status}: result 'error', a msg string and an upper-case code string`,
        got: p.got,
        at: p.at,
      });
  }
  if (result === "error" && ctx.status < 400 && ctx.applies("fl153.errors.error-envelope")) {
    ctx.report({ clause: "fl153.errors.error-envelope", want: "an error answer with an HTTP error status", got: `HTTP ${ctx.status} with result 'error'` });
  }
  if (result === "error" && typeof body.code === "string") checkErrorCode(ctx, body.code, typeof body.msg === "string" ? body.msg : "");
  if (result === "success" && ctx.status >= 200 && ctx.status < 300) checkIgnoredParameters(ctx, body.ignored_parameters_unsupported);
}

function checkErrorCode(ctx: CheckContext, code: string, msg: string): void {
  const fixed = CODE_STATUS[code];
  if (fixed && ctx.status !== fixed.status && ctx.applies(fixed.clause)) {
    ctx.report({ clause: fixed.clause, want: `HTTP ${fixed.status} with code ${code}`, got: `HTTP ${ctx.status} with code ${code}` });
  }
  const missing = /^Missing '([\w[\]]+)' argument$/.exec(msg);
  if (missing && code !== "REQUEST_VARIABLE_MISSING" && ctx.applies("fl153.server.missing-parameter")) {
    ctx.report({
      clause: "fl153.server.missing-parameter",
      want: `code REQUEST_VARIABLE_MISSING for the missing parameter '${missing[1]}'`,
      got: `code ${short(code)}`,
      at: "$.code",
    });
  }
  if (
    ctx.method === "POST" &&
    ctx.path === "/messages" &&
    ctx.params.values.get("type") === "direct" &&
    /\btype\b/i.test(msg) &&
    ctx.applies("fl174.messages.direct-type")
  ) {
    ctx.report({ clause: "fl174.messages.direct-type", want: "type 'direct' accepted", got: `error ${code}: ${msg}` });
  }
}

/**
 * ignored_parameters_unsupported (FL167): on success, every parameter the request sent that the endpoint does not
 * take is listed, and nothing else; absent when there is none. What the endpoint takes comes from the API
 * description (ctx.known); without it, or without every parameter of the request, only the form is checked.
 */
function checkIgnoredParameters(ctx: CheckContext, listed: unknown): void {
  const clause = "fl167.server.ignored-parameters-unsupported";
  if (!ctx.applies(clause)) return;
  if (listed !== undefined && !(Array.isArray(listed) && listed.length > 0 && listed.every((x) => typeof x === "string"))) {
    ctx.report({ clause, want: "absent, or a non-empty list of parameter names", got: short(listed), at: "$.ignored_parameters_unsupported" });
    return;
  }
  const known = ctx.known;
  if (!known || !ctx.params.complete) return;
  const sent = [...ctx.params.values.keys(), ...ctx.params.files];
  const names = new Set(Array.isArray(listed) ? (listed as string[]) : []);
  const unknown = sent.filter((p) => !known.has(p) && !ctx.params.files.includes(p));
  const unlisted = unknown.filter((p) => !names.has(p));
  if (unlisted.length)
    ctx.report({
      clause,
      want: `ignored_parameters_unsupported listing ${unlisted.map((p) => `'${p}'`).join(", ")}, which this endpoint does not take`,
      got: short(listed),
      at: "$.ignored_parameters_unsupported",
    });
  const stray = [...names].filter((p) => !sent.includes(p));
  if (stray.length)
    ctx.report({
      clause,
      want: "only parameters the request sent",
      got: `it lists ${stray.map((p) => `'${p}'`).join(", ")}, which the request did not send`,
      at: "$.ignored_parameters_unsupported",
    });
}

/** The answers whose required fields depend on the level. */
export function checkEndpoint(ctx: CheckContext): void {
  if (!isObject(ctx.json) || ctx.json.result !== "success") return;
  const body = ctx.json;
  const route = `${ctx.method} ${ctx.path}`;
  if (route === "GET /server_settings") return serverSettings(ctx, body);
  if (route === "POST /register") return register(ctx, body);
  if (route === "POST /user_uploads") return upload(ctx, body);
  if (route === "GET /messages") return messages(ctx, body, "fl334.messages.fetch-allow-empty-topic-name");
  if (ctx.method === "GET" && /^\/messages\/\d+$/.test(ctx.path) && isObject(body.message))
    return messageObjects(ctx, [body.message], () => "$.message", "fl334.messages.single-allow-empty-topic-name");
}

function serverSettings(ctx: CheckContext, body: Record<string, unknown>): void {
  if (
    ctx.applies("fl153.versioning.feature-level-in-server-settings") &&
    !(typeof body.chat_feature_level === "number" && Number.isInteger(body.chat_feature_level))
  ) {
    ctx.report({
      clause: "fl153.versioning.feature-level-in-server-settings",
      want: `an integer ${prefixed(ctx, "feature_level")}`,
      got: short(body.chat_feature_level),
      at: `$.${prefixed(ctx, "feature_level")}`,
    });
  } else if (ctx.applies("fl153.versioning.feature-level-in-server-settings")) {
    const p = schemaProblem(ServerSettings, body);
    if (p) ctx.report({ clause: "fl153.versioning.feature-level-in-server-settings", want: "the server_settings object (wire §7)", got: p.got, at: p.at });
  }
  realmUrl(ctx, body, "fl257.server.realm-url", "fl257.server.realm-uri-alias");
}

const prefixed = (ctx: CheckContext, name: string) => `${ctx.product}_${name}`;

/** realm_url (FL257) as an absolute URL, with realm_uri kept as a deprecated alias of the same value. */
function realmUrl(ctx: CheckContext, body: Record<string, unknown>, urlClause: string, aliasClause: string): void {
  if (ctx.applies(urlClause)) {
    if (typeof body.realm_url !== "string" || !/^https?:\/\/[^/]/.test(body.realm_url))
      ctx.report({ clause: urlClause, want: "realm_url, the organization's absolute URL", got: short(body.realm_url), at: "$.realm_url" });
  }
  if (ctx.applies(aliasClause) && typeof body.realm_url === "string" && body.realm_uri !== body.realm_url) {
    ctx.report({ clause: aliasClause, want: `realm_uri equal to realm_url (${short(body.realm_url)})`, got: short(body.realm_uri), at: "$.realm_uri" });
  }
}

function register(ctx: CheckContext, body: Record<string, unknown>): void {
  if (ctx.applies("fl153.events.register-queue")) {
    const p = schemaProblem(RegisterResponse.pick({ queue_id: true, last_event_id: true }), body);
    if (p) ctx.report({ clause: "fl153.events.register-queue", want: "queue_id (a string) and last_event_id (an integer)", got: p.got, at: p.at });
  }
  const fl = body.chat_feature_level;
  if (ctx.applies("fl153.versioning.feature-level-in-register") && !(typeof fl === "number" && Number.isInteger(fl))) {
    ctx.report({
      clause: "fl153.versioning.feature-level-in-register",
      want: `an integer ${prefixed(ctx, "feature_level")}`,
      got: short(fl),
      at: `$.${prefixed(ctx, "feature_level")}`,
    });
  } else if (ctx.applies("fl153.versioning.feature-level-consistent") && fl !== ctx.level) {
    ctx.report({
      clause: "fl153.versioning.feature-level-consistent",
      want: `${prefixed(ctx, "feature_level")} ${ctx.level}, as GET /server_settings reports`,
      got: short(fl),
      at: `$.${prefixed(ctx, "feature_level")}`,
    });
  }
  registerTopics(ctx, body);
  // The realm section is there when realm_name is: register sends only the sections the client fetched.
  if (typeof body.realm_name === "string") {
    realmUrl(ctx, body, "fl257.register.realm-url", "fl257.register.realm-uri-alias");
    if (ctx.applies("fl334.register.empty-topic-display-name") && typeof body.realm_empty_topic_display_name !== "string") {
      ctx.report({
        clause: "fl334.register.empty-topic-display-name",
        want: "realm_empty_topic_display_name, a string",
        got: short(body.realm_empty_topic_display_name),
        at: "$.realm_empty_topic_display_name",
      });
    }
  }
}

/** unread_msgs and user_topics of register give the empty topic as the display name to clients without empty_topic_name. */
function registerTopics(ctx: CheckContext, body: Record<string, unknown>): void {
  const caps = capabilitiesOf(ctx.params.values.get("client_capabilities"));
  if (caps.empty_topic_name === true) return;
  const unread = isObject(body.unread_msgs) && Array.isArray(body.unread_msgs.streams) ? body.unread_msgs.streams : [];
  if (unread.length && ctx.applies("fl334.register.unread-msgs-topic-substitution")) {
    unread.forEach((u, i) => {
      if (isObject(u) && u.topic === "")
        ctx.report({
          clause: "fl334.register.unread-msgs-topic-substitution",
          want: "the empty topic as realm_empty_topic_display_name, as the client lacks empty_topic_name",
          got: '"" (string)',
          at: `$.unread_msgs.streams[${i}].topic`,
        });
    });
  }
  const topics = Array.isArray(body.user_topics) ? body.user_topics : [];
  if (topics.length && ctx.applies("fl334.register.user-topics-topic-name-substitution")) {
    topics.forEach((t, i) => {
      if (isObject(t) && t.topic_name === "")
        ctx.report({
          clause: "fl334.register.user-topics-topic-name-substitution",
          want: "the empty topic as realm_empty_topic_display_name, as the client lacks empty_topic_name",
          got: '"" (string)',
          at: `$.user_topics[${i}].topic_name`,
        });
    });
  }
}

function upload(ctx: CheckContext, body: Record<string, unknown>): void {
  const p = schemaProblem(UploadResponse, body);
  if (p && ctx.applies("fl272.uploads.url"))
    ctx.report({ clause: "fl272.uploads.url", want: "upload addresses as /user_uploads/ paths", got: p.got, at: p.at });
  if (ctx.applies("fl272.uploads.url") && typeof body.url !== "string")
    ctx.report({ clause: "fl272.uploads.url", want: "url, the file's address", got: short(body.url), at: "$.url" });
  if (ctx.applies("fl272.uploads.uri-alias") && typeof body.url === "string" && body.uri !== body.url)
    ctx.report({ clause: "fl272.uploads.uri-alias", want: `uri equal to url (${short(body.url)})`, got: short(body.uri), at: "$.uri" });
  if (ctx.applies("fl286.uploads.filename") && !(typeof body.filename === "string" && body.filename.length > 0))
    ctx.report({ clause: "fl286.uploads.filename", want: "filename, the uploaded file's name", got: short(body.filename), at: "$.filename" });
}

function messages(ctx: CheckContext, body: Record<string, unknown>, emptyTopicClause: string): void {
  // A fetch by message_ids (FL300) names its messages "as an alternative to an anchor and counts"
  // (fl300.messages.message-ids): its answer owes none of the anchor's fields, only the messages.
  const byIds = ctx.level >= 300 && ctx.params.values.has("message_ids");
  const p = byIds ? undefined : schemaProblem(MessagesPage.omit({ messages: true }), body);
  if (p && ctx.applies("fl153.messages.fetch-anchors"))
    ctx.report({ clause: "fl153.messages.fetch-anchors", want: "anchor, found_anchor, found_oldest, found_newest and history_limited", got: p.got, at: p.at });
  if (Array.isArray(body.messages)) messageObjects(ctx, body.messages, (i) => `$.messages[${i}]`, emptyTopicClause);
}

/**
 * Message objects, in fetches and in message events: the object's shape, reactions with or without the
 * deprecated `user` by level, and topics: an empty topic is the realm's display name unless the client asked for
 * empty names (`allowEmpty`).
 */
export function messageObjects(
  ctx: CheckContext,
  list: unknown[],
  atOf: (i: number) => string,
  emptyTopicClause: string,
  allowEmpty = ctx.params.values.get("allow_empty_topic_name") === "true",
  shapeClause = "fl153.messages.fetch-anchors",
): void {
  list.forEach((m, i) => {
    const at = atOf(i);
    const p = schemaProblem(Message, m, at);
    if (p && ctx.applies(shapeClause)) ctx.report({ clause: shapeClause, want: "a message object (wire §13)", got: p.got, at: p.at });
    if (!isObject(m)) return;
    if (Array.isArray(m.reactions)) {
      m.reactions.forEach((r, j) => {
        if (!isObject(r)) return;
        if (ctx.applies("fl153.messages.reaction-user-dict") && !isObject(r.user))
          ctx.report({
            clause: "fl153.messages.reaction-user-dict",
            want: "the deprecated `user` dictionary",
            got: "absent",
            at: `${at}.reactions[${j}].user`,
          });
        if (ctx.applies("fl328.messages.reaction-user-dict-removed") && "user" in r)
          ctx.report({
            clause: "fl328.messages.reaction-user-dict-removed",
            want: "no `user` in reactions of message objects",
            got: short(r.user),
            at: `${at}.reactions[${j}].user`,
          });
      });
    }
    // From FL334 the empty topic is sent as the display name and a topic named like the display name is the empty
    // topic, so a client that asked for empty names must never see the display name.
    const display = ctx.book.emptyTopicDisplayName;
    if (m.type === "stream" && allowEmpty && display !== undefined && m.subject === display && ctx.applies(emptyTopicClause)) {
      ctx.report({ clause: emptyTopicClause, want: 'the empty topic as "", as the client asked for empty names', got: short(m.subject), at: `${at}.subject` });
    }
    if (m.type === "stream" && m.subject === "" && !allowEmpty && ctx.applies(emptyTopicClause)) {
      ctx.report({
        clause: emptyTopicClause,
        want: `the empty topic as realm_empty_topic_display_name${display !== undefined ? ` (${short(display)})` : ""}, as the client did not ask for empty names`,
        got: '"" (string)',
        at: `${at}.subject`,
      });
    }
  });
}
