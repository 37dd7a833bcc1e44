/**
 * Every error the reference server answers with, in one registry: code, HTTP status and message shape
 * (wire facts §4–§5). Handlers, access checks and the state throw these; the envelope turns them into
 * `{result, msg, code, ...extra}`. A leaf: it imports nothing, so any layer may throw from it, and
 * test/server/error-registry.test.ts checks that every error comes from here and that every one here is used.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    msg: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(msg);
  }
}

export const badRequest = (msg: string, extra: Record<string, unknown> = {}) => new ApiError(400, "BAD_REQUEST", msg, extra);
/** A setting that takes only system groups (before FL309, every realm permission setting): wire §5. */
export const systemGroupRequired = (setting: string) =>
  new ApiError(400, "SYSTEM_GROUP_REQUIRED", `'${setting}' must be a system user group.`, { setting_name: setting });
export const missingParam = (name: string) => new ApiError(400, "REQUEST_VARIABLE_MISSING", `Missing '${name}' argument`, { var_name: name });
export const confusingVar = (a: string, b: string) =>
  new ApiError(400, "REQUEST_CONFUSING_VAR", `Can't decide between '${a}' and '${b}' arguments`, { var_name1: a, var_name2: b });
export const unauthorized = (msg: string) => new ApiError(401, "UNAUTHORIZED", msg);
export const notFound = (msg = "Not Found") => new ApiError(404, "NOT_FOUND", msg);
/** Over the user's rate limit (wire §18): 429, the wait in `retry-after` (seconds, a float) as in the header. */
export const rateLimitHit = (retryAfter: number) => new ApiError(429, "RATE_LIMIT_HIT", "API usage exceeded rate limit", { "retry-after": retryAfter });
export const methodNotAllowed = (allowed: string[]) => new ApiError(405, undefined, "Method Not Allowed", { allowed_methods: allowed });
export const badEventQueueId = (queueId: string) => new ApiError(400, "BAD_EVENT_QUEUE_ID", `Bad event queue ID: ${queueId}`, { queue_id: queueId });
export const badNarrow = (desc: string) => new ApiError(400, "BAD_NARROW", `Invalid narrow operator: ${desc}`, { desc });
export const streamDoesNotExist = (ref: { stream?: string; stream_id?: number }) =>
  new ApiError(400, "STREAM_DOES_NOT_EXIST", `Channel '${ref.stream ?? ref.stream_id}' does not exist`, ref);
export const moveMessagesTimeLimitExceeded = (firstAllowed: number | null, total: number, allowed: number) =>
  new ApiError(400, "MOVE_MESSAGES_TIME_LIMIT_EXCEEDED", `You only have permission to move the ${allowed}/${total} most recent messages in this topic.`, {
    first_message_id_allowed_to_move: firstAllowed,
    total_messages_in_topic: total,
    total_messages_allowed_to_move: allowed,
  });
export const unauthorizedPrincipal = (msg: string, status = 400) => new ApiError(status, "UNAUTHORIZED_PRINCIPAL", msg);
export const accessDenied = () => new ApiError(403, "BAD_REQUEST", "Access denied");
export const payloadTooLarge = (limitBytes: number) => new ApiError(413, "BAD_REQUEST", `Request body too large (limit: ${limitBytes} bytes)`);
/** A request Node's parser refused before any route saw it (http/connections.ts): headers too large, too slow, malformed. */
export const headerFieldsTooLarge = () => new ApiError(431, "BAD_REQUEST", "Request header fields too large");
export const requestTimeout = () => new ApiError(408, "BAD_REQUEST", "Request timeout");
export const malformedRequest = () => new ApiError(400, "BAD_REQUEST", "Malformed HTTP request");
/** The same error without its code (the fl153.errors.error-envelope fault). */
export const withoutCode = (e: ApiError) => new ApiError(e.status, undefined, e.message, e.extra);
/** Credentials: an endpoint that takes only Basic, a wrong password or key, a deactivated user or organization. */
export const basicAuthRequired = () => new ApiError(400, "BAD_REQUEST", "This endpoint requires HTTP basic authentication.");
export const authenticationFailed = () => new ApiError(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect");
export const userDeactivated = () => new ApiError(401, "USER_DEACTIVATED", "Account is deactivated");
export const realmDeactivated = () => new ApiError(401, "REALM_DEACTIVATED", "This organization has been deactivated");
/** A message that does not exist or that the user cannot read (real servers do not tell the two apart). */
export const invalidMessage = () => badRequest("Invalid message(s)");
/** A message without a topic below FL334, which allows the empty one: the topic is a missing parameter. */
export const missingTopic = () => new ApiError(400, "REQUEST_VARIABLE_MISSING", "Missing topic", { var_name: "topic" });
export const reactionAlreadyExists = () => new ApiError(400, "REACTION_ALREADY_EXISTS", "Reaction already exists.");
export const reactionDoesNotExist = () => new ApiError(400, "REACTION_DOES_NOT_EXIST", "Reaction doesn't exist.");
/** A resource of the user that does not exist: 404 with code BAD_REQUEST (wire §5). */
export const resourceNotFound = (msg: string) => new ApiError(404, "BAD_REQUEST", msg);
/** A file over max_file_upload_size_mib (real servers: 400 with the limit in the message). */
export const fileTooLarge = (limitMib: number) =>
  new ApiError(400, "BAD_REQUEST", `File is larger than this server's configured maximum upload size (${limitMib} MiB).`);
export const realmUploadQuota = () => new ApiError(400, "REALM_UPLOAD_QUOTA", "Upload would exceed your organization's upload quota.");
/** A user id or email that names no user of the organization (wire §5: 400 BAD_REQUEST). */
export const noSuchUser = () => badRequest("No such user");
export const noSuchBot = () => badRequest("No such bot");
/** Role requirements of the user endpoints: 400 UNAUTHORIZED_PRINCIPAL (wire §5). */
export const mustBeAdministrator = () => unauthorizedPrincipal("Must be an organization administrator");
export const mustBeOwner = () => unauthorizedPrincipal("Must be an organization owner");
/** A principal (subscribe's and unsubscribe's) that names no active user, before FL208 made it a bad request. */
export const notAuthorizedOnBehalfOf = (ref: number | string) =>
  new ApiError(403, "UNAUTHORIZED_PRINCIPAL", `User not authorized to execute queries on behalf of '${String(ref)}'`, { principal: ref });
/** Deactivating the only owner (wire §5): 400 CANNOT_DEACTIVATE_LAST_USER with is_last_owner and entity. */
export const cannotDeactivateLastOwner = () =>
  new ApiError(400, "CANNOT_DEACTIVATE_LAST_USER", "Cannot deactivate the only organization owner.", { is_last_owner: true, entity: "organization owner" });
/** DELETE /users/me by the organization's only active user (bots count): the same code, is_last_owner false. */
export const cannotDeactivateOnlyUser = () =>
  new ApiError(400, "CANNOT_DEACTIVATE_LAST_USER", "Cannot deactivate the only user.", { is_last_owner: false, entity: "user" });
/** POST /invites refused some addresses (wire §5): 400 INVITATION_FAILED with the per-address errors. */
export const invitationFailed = (msg: string, errors: Array<[string, string, boolean]>, sentInvitations: boolean) =>
  new ApiError(400, "INVITATION_FAILED", msg, { errors, sent_invitations: sentInvitations, license_limit_reached: false, daily_limit_reached: false });
/** A permission the user lacks (wire §5: 400 BAD_REQUEST "Insufficient permission"). */
export const insufficientPermission = () => badRequest("Insufficient permission");
/** A user group id that names no group of the organization (real servers: 400 "Invalid user group"). */
export const invalidUserGroup = () => badRequest("Invalid user group");
/** Deactivating a group some setting or supergroup still uses (FL298): 400 with the uses as `objections`. */
export const cannotDeactivateGroupInUse = (objections: ReadonlyArray<Record<string, unknown>>) =>
  new ApiError(400, "CANNOT_DEACTIVATE_GROUP_IN_USE", "Cannot deactivate user group in use.", { objections });
/** A group-setting update whose `old` does not match the current value (wire §11). */
export const expectationMismatch = () => new ApiError(400, "EXPECTATION_MISMATCH", "'old' value does not match the expected value.");
/** The same for a realm or channel setting, whose message ends without a full stop. */
export const settingExpectationMismatch = () => new ApiError(400, "EXPECTATION_MISMATCH", "'old' value does not match the expected value");
/** Wildcard mentions the sender may not make in a large channel or topic (FL229; BAD_REQUEST before). */
export const wildcardMentionNotAllowed = (kind: "stream" | "topic", coded: boolean) =>
  new ApiError(
    400,
    coded ? (kind === "stream" ? "STREAM_WILDCARD_MENTION_NOT_ALLOWED" : "TOPIC_WILDCARD_MENTION_NOT_ALLOWED") : "BAD_REQUEST",
    kind === "stream"
      ? "You do not have permission to use channel wildcard mentions in this channel."
      : "You do not have permission to use topic wildcard mentions in this topic.",
  );
/** POST /remotes/server/register for a hostname another server holds: the FL345 format, BAD_REQUEST before. */
export const hostnameAlreadyInUse = (hostname: string, coded: boolean) =>
  coded
    ? new ApiError(400, "HOSTNAME_ALREADY_IN_USE_BOUNCER_ERROR", `A server with hostname ${hostname} already exists`, { hostname })
    : badRequest(`A server with hostname ${hostname} already exists`);
/** The push bouncer's server credentials (Basic `<server uuid>:<server key>`) name no registered server. */
export const invalidRemoteServer = (uuid: string) =>
  new ApiError(401, "INVALID_ZULIP_SERVER", `Zulip server auth failure: ${uuid} is not registered`, { role: uuid });
/** /chat-services/verify/{access_token}/ with no transfer prepared under that token. */
export const verificationSecretNotPrepared = () => new ApiError(400, "REMOTE_SERVER_VERIFICATION_SECRET_NOT_PREPARED", "Verification secret not prepared");
