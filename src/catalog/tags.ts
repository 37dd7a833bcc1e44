/**
 * The one registry of behaviour tags. A clause may carry only these; the catalog lint rejects any other.
 * Each tag says what kind of promise a clause makes, so reports can group conformance by behaviour.
 */
export const TAGS = {
  "deprecated-alias": "an old name kept working beside its replacement",
  "empty-topic": "the empty topic name and its substitution for clients lacking the capability",
  access: "who may see or do something (roles, groups, subscriptions, content vs metadata access)",
  event: "what the events feed carries, to whom, and in which shape",
  error: "an error code, HTTP status or error envelope",
  capability: "behaviour that depends on a client capability sent to POST /register",
  removed: "a field, option, endpoint or behaviour that a level took away",
  renamed: "a field, parameter, path or value that a level renamed",
  limit: "a numeric bound, constant or quota",
  "permission-setting": "a realm, channel or group setting that holds a group-setting value or a policy",
  "state-transition": "a change of state (active/deactivated, read/unread, resolved, failed) and its effects",
  rendering: "attributes of rendered message HTML",
  encoding: "how parameters or values are encoded on the wire",
  field: "a field that a response or an object carries",
  parameter: "a request parameter an endpoint accepts",
  endpoint: "an endpoint that exists (or that a level added)",
  versioning: "feature levels, releases and how clients learn them",
  authentication: "credentials and how requests authenticate",
} as const;

export type Tag = keyof typeof TAGS;
export const TAG_NAMES = Object.keys(TAGS) as [Tag, ...Tag[]];
