/**
 * The client capabilities a register declares (client_capabilities): they change how objects and events are
 * rendered for that client's queue and register (the empty topic's name, user_settings as an object, archived
 * channels, …), so the serializers and the queues both read them.
 */
export interface Capabilities {
  notification_settings_null: boolean;
  bulk_message_deletion: boolean;
  user_avatar_url_field_optional: boolean;
  stream_typing_notifications: boolean;
  user_settings_object: boolean;
  linkifier_url_template: boolean;
  user_list_incomplete: boolean;
  include_deactivated_groups: boolean;
  archived_channels: boolean;
  empty_topic_name: boolean;
}
