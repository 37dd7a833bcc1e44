/**
 * Every error the reference server answers with, in one registry: code, HTTP status and message shape
 * (wire facts §4–§5). Handlers throw these; the envelope turns them into `{result, msg, code, ...extra}`.
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
export const missingParam = (name: string) =>
  new ApiError(400, "REQUEST_VARIABLE_MISSING", `Missing '${name}' argument`, { var_name: name });
export const confusingVar = (a: string, b: string) =>
  new ApiError(400, "REQUEST_CONFUSING_VAR", `Can't decide between '${a}' and '${b}' arguments`, { var_name1: a, var_name2: b });
export const unauthorized = (msg: string) => new ApiError(401, "UNAUTHORIZED", msg);
export const notFound = (msg = "Not Found") => new ApiError(404, "NOT_FOUND", msg);
export const methodNotAllowed = (allowed: string[]) => new ApiError(405, undefined, "Method Not Allowed", { allowed_methods: allowed });
export const badEventQueueId = (queueId: string) =>
  new ApiError(400, "BAD_EVENT_QUEUE_ID", `Bad event queue ID: ${queueId}`, { queue_id: queueId });
export const badNarrow = (desc: string) => new ApiError(400, "BAD_NARROW", `Invalid narrow operator: ${desc}`, { desc });
export const streamDoesNotExist = (ref: { stream?: string; stream_id?: number }) =>
  new ApiError(400, "STREAM_DOES_NOT_EXIST", `Channel '${ref.stream ?? ref.stream_id}' does not exist`, ref);
export const unauthorizedPrincipal = (msg: string, status = 400) => new ApiError(status, "UNAUTHORIZED_PRINCIPAL", msg);
export const accessDenied = () => new ApiError(403, "BAD_REQUEST", "Access denied");
export const payloadTooLarge = (limitBytes: number) =>
  new ApiError(413, "BAD_REQUEST", `Request body too large (limit: ${limitBytes} bytes)`);
