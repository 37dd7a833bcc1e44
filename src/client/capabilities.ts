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
