/**
 * Every client capability a current client declares in POST /register's client_capabilities (wire §8.2); a server
 * ignores the ones it does not know, so one list serves every level. The state invariant's watchers start from it,
 * and the project's own tests drive servers with it.
 */
export const MODERN_CLIENT_CAPABILITIES: Readonly<Record<string, boolean>> = {
  notification_settings_null: true,
  bulk_message_deletion: true,
  user_avatar_url_field_optional: true,
  stream_typing_notifications: true,
  user_settings_object: true,
  linkifier_url_template: true,
  user_list_incomplete: true,
  include_deactivated_groups: true,
  archived_channels: true,
  empty_topic_name: true,
};

/**
 * The levels that brought capabilities in (the spec's POST /register row: linkifier_url_template FL176,
 * user_list_incomplete FL232, include_deactivated_groups FL294, empty_topic_name FL334); the rest predate FL153.
 */
export const CAPABILITY_LEVELS: Readonly<Record<string, number>> = {
  linkifier_url_template: 176,
  user_list_incomplete: 232,
  include_deactivated_groups: 294,
  empty_topic_name: 334,
};

/**
 * The capabilities a client of a server at `fl` declares: those the level knows. A server ignores the others, but a
 * client that declares them relies on behaviour its server does not have (the validation proxy warns of it).
 */
export function capabilitiesAt(fl: number, capabilities: Readonly<Record<string, boolean>>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(capabilities).filter(([name]) => (CAPABILITY_LEVELS[name] ?? 0) <= fl));
}
