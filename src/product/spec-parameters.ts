import { specEndpoint } from "../../facts/names.ts";

/**
 * Parameters the spec gives an endpoint where Zulip's API description (facts/data/zulip-api.json, which the
 * proxy reads for each endpoint's parameters and their levels) says otherwise. On a target of the spec's names the
 * spec decides: such a parameter is one the endpoint takes (never owed in ignored_parameters_unsupported), over the
 * spec's levels rather than the description's. `products` says which targets an entry holds for: the spec's
 * (`chat`), or real Zulip servers as well where Zulip's own server takes the parameter though its description
 * leaves it out.
 */
export interface SpecParameter {
  /** The endpoint in the spec's names: "POST /messages". */
  endpoint: string;
  name: string;
  /** The levels the spec gives it (undefined: from the first, or for good). */
  since?: number;
  until?: number;
  products: ReadonlyArray<"chat" | "zulip">;
  /** The spec's words that make it so. */
  why: string;
}

/**
 * The channel posting policy's two legacy request properties, on both endpoints that set channel properties:
 * can_send_message_group (FL333) replaces them (fl333.channels.stream-post-policy-param-removed; Zulip's changelog
 * removes them at FL333 too, and its description no longer names them), so each endpoint takes them before FL333.
 */
const LEGACY_POSTING_PARAMETERS: readonly SpecParameter[] = ["POST /users/me/subscriptions", "PATCH /streams/{stream_id}"].flatMap((endpoint) =>
  ["stream_post_policy", "is_announcement_only"].map((name): SpecParameter => ({
    endpoint,
    name,
    until: 333,
    products: ["chat", "zulip"],
    why: `can_send_message_group (FL333) replaces the removed request property ${name} (fl333.channels.stream-post-policy-param-removed; Zulip's changelog removes it at FL333 too, and its description no longer names it): the endpoint takes it before FL333`,
  })),
);

export const SPEC_PARAMETERS: readonly SpecParameter[] = [
  {
    endpoint: "POST /scheduled_messages",
    name: "scheduled_message_id",
    since: 179,
    products: ["chat"],
    why: "POST /scheduled_messages creates and edits scheduled messages (FL179): an edit names the message it edits",
  },
  {
    endpoint: "POST /messages",
    name: "realm_str",
    products: ["chat", "zulip"],
    why: "POST /messages' parameter realm_str is ignored from FL166 (fl166.messages.realm-str-ignored) and refused on a mismatch before: a parameter the endpoint takes, read or not",
  },
  {
    endpoint: "POST /users/me/subscriptions",
    name: "can_remove_subscribers_group_id",
    since: 161,
    products: ["chat"],
    why: "the spec's channel field can_remove_subscribers_group_id (FL161) is accepted by POST /users/me/subscriptions, and no level removes it",
  },
  {
    endpoint: "PATCH /streams/{stream_id}",
    name: "can_remove_subscribers_group_id",
    since: 161,
    products: ["chat"],
    why: "PATCH /streams/{stream_id} accepts can_remove_subscribers_group_id (FL161), and no level removes it",
  },
  {
    endpoint: "PATCH /realm/user_settings_defaults",
    name: "allow_private_data_export",
    since: 293,
    products: ["chat"],
    why: "the user setting allow_private_data_export (FL293) is one of POST /register, PATCH /settings and PATCH /realm/user_settings_defaults",
  },
  ...LEGACY_POSTING_PARAMETERS,
];

/** Whether a spec parameter is the endpoint's at `level`. */
export const takenAt = (p: SpecParameter, level: number): boolean => (p.since === undefined || level >= p.since) && (p.until === undefined || level < p.until);

/** An operation of the API description as the spec names its endpoint: "PATCH /streams/{stream_id}". */
export function specEndpointOf(op: { method: string; path: string }): string {
  const spec = specEndpoint(op.method, op.path) ?? op;
  return `${spec.method} ${spec.path}`;
}

/** The spec's parameters of an endpoint (spec names) for a product. */
export function specParameters(endpoint: string, product: "chat" | "zulip"): SpecParameter[] {
  return SPEC_PARAMETERS.filter((p) => p.endpoint === endpoint && p.products.includes(product));
}
