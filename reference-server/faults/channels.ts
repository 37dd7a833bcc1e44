import type { Fault } from "./fault.ts";

/** Channels and subscriptions: each fault breaks one clause (see ../faults.ts). */
export const channelsFaults = {
  "fl153.channels.create-by-subscribing": {
    clause: "fl153.channels.create-by-subscribing",
    description: "creating a channel by subscribing sends no stream create event",
  },
  "fl111.channels.subscription-properties-ignored-parameters": {
    clause: "fl111.channels.subscription-properties-ignored-parameters",
    description: "before FL167 POST /users/me/subscriptions/properties does not list unsupported parameters",
    flips: "subscriptionPropertiesReportIgnored",
    level: 160,
  },
  "fl333.channels.can-send-message-group-field": {
    clause: "fl333.channels.can-send-message-group-field",
    description: "channel objects lack can_send_message_group, as before FL333",
    flips: "canSendMessageGroupField",
  },
  "fl333.channels.can-send-message-group-param": {
    clause: "fl333.channels.can-send-message-group-param",
    description: "channel creation and PATCH /streams/{stream_id} ignore can_send_message_group, as before FL333",
    flips: "canSendMessageGroupParam",
  },
  "fl333.channels.can-send-message-group-enforced": {
    clause: "fl333.channels.can-send-message-group-enforced",
    description: "who may post follows the old stream_post_policy, not can_send_message_group, as before FL333",
    flips: "canSendMessageGroupEnforced",
  },
  "fl333.channels.stream-post-policy-param-removed": {
    clause: "fl333.channels.stream-post-policy-param-removed",
    description: "stream_post_policy and is_announcement_only are still read and change who may post, as before FL333",
    flips: "streamPostPolicyParamRemoved",
  },
  "fl333.channels.stream-post-policy-deprecated": {
    clause: "fl333.channels.stream-post-policy-deprecated",
    description: "stream_post_policy keeps the last policy set instead of approximating can_send_message_group",
    flips: "streamPostPolicyApproximated",
  },
  "fl161.channels.can-remove-subscribers-group-field": {
    clause: "fl161.channels.can-remove-subscribers-group-field",
    description: "channel objects lack can_remove_subscribers_group_id, as before FL161",
    flips: "canRemoveSubscribersGroupField",
  },
  "fl161.channels.can-remove-subscribers-group-param": {
    clause: "fl161.channels.can-remove-subscribers-group-param",
    description: "can_remove_subscribers_group_id is not accepted, as before FL161",
    flips: "canRemoveSubscribersGroupParam",
  },
  "fl161.channels.can-remove-subscribers-group-enforced": {
    clause: "fl161.channels.can-remove-subscribers-group-enforced",
    description: "members of can_remove_subscribers_group_id may not unsubscribe others, as before FL161",
    flips: "canRemoveSubscribersGroupEnforced",
  },
  "fl200.channels.is-default-stream-patch": {
    clause: "fl200.channels.is-default-stream-patch",
    description: "PATCH /streams/{stream_id} ignores is_default_stream, as before FL200",
    flips: "isDefaultStreamPatch",
  },
  "fl200.channels.is-default-stream-create": {
    clause: "fl200.channels.is-default-stream-create",
    description: "POST /users/me/subscriptions ignores is_default_stream, as before FL200",
    flips: "isDefaultStreamCreate",
  },
  "fl356.channels.include-can-access-content": {
    clause: "fl356.channels.include-can-access-content",
    description: "GET /streams ignores include_can_access_content, as before FL356",
    flips: "getStreamsIncludeCanAccessContent",
  },
  "fl356.channels.include-all-renamed": {
    clause: "fl356.channels.include-all-renamed",
    description: "GET /streams reads include_all_active, not include_all, as before FL356",
    flips: "getStreamsIncludeAll",
  },
  "fl356.channels.include-all-non-admin": {
    clause: "fl356.channels.include-all-non-admin",
    description: "include_all is for administrators only, as before FL356",
    flips: "getStreamsIncludeAllNonAdmin",
  },
  "fl356.channels.exclude-archived": {
    clause: "fl356.channels.exclude-archived",
    description: "GET /streams never returns archived channels, as before FL356",
    flips: "getStreamsExcludeArchived",
  },
  "fl349.channels.metadata-only-settings": {
    clause: "fl349.channels.metadata-only-settings",
    description: "administrators without content access may change nothing but the name and description, as before FL349",
    flips: "metadataAccessSuffices",
  },
  "fl349.channels.privacy-needs-content-access": {
    clause: "fl349.channels.privacy-needs-content-access",
    description: "administrators without content access may change the channel's privacy",
  },
  "fl349.channels.add-subscribers-needs-content-access": {
    clause: "fl349.channels.add-subscribers-needs-content-access",
    description: "administrators without content access may add subscribers to a private channel",
  },
  "fl349.channels.delete-metadata-access": {
    clause: "fl349.channels.delete-metadata-access",
    description: "archiving a channel needs content access, as before FL349",
    flips: "deleteWithMetadataAccess",
  },
  "fl349.channels.add-subscribers-group-private": {
    clause: "fl349.channels.add-subscribers-group-private",
    description: "channels have no can_add_subscribers_group, as before FL349",
    flips: "channelCanAddSubscribersGroup",
  },
  "fl349.channels.channel-admin-unsubscribe": {
    clause: "fl349.channels.channel-admin-unsubscribe",
    description: "channel administrators may not unsubscribe others, as before FL349",
    flips: "channelAdminUnsubscribe",
  },
  "fl349.channels.admin-unsubscribed-lists": {
    clause: "fl349.channels.admin-unsubscribed-lists",
    description: "channel administrators do not see private channels they are not in, as before FL349",
    flips: "channelAdminSeesChannel",
  },
  "fl349.channels.metadata-access-events": {
    clause: "fl349.channels.metadata-access-events",
    description: "private channels' stream events reach only subscribers and organization administrators, as before FL349",
    flips: "metadataAccessEvents",
  },
  "fl335.channels.email-address-sender-id": {
    clause: "fl335.channels.email-address-sender-id",
    description: "GET /streams/{stream_id}/email_address ignores sender_id, as before FL335",
    flips: "emailAddressSenderId",
  },
  "fl208.channels.bad-principal": {
    clause: "fl208.channels.bad-principal",
    description: "a bad principal gets 403 UNAUTHORIZED_PRINCIPAL, as before FL208",
    flips: "badPrincipalIsBadRequest",
  },
  "fl153.channels.bad-principal-unauthorized": {
    clause: "fl153.channels.bad-principal-unauthorized",
    description: "before FL208 a bad principal already gets 400 BAD_REQUEST",
    flips: "badPrincipalIsBadRequest",
    level: 200,
  },
  "fl192.channels.create-event-guest-subscribed": {
    clause: "fl192.channels.create-event-guest-subscribed",
    description: "a guest subscribed to a new public channel gets no stream create event, as before FL192",
    flips: "createEventToSubscribedGuests",
  },
  "fl205.channels.web-public-create-to-guests": {
    clause: "fl205.channels.web-public-create-to-guests",
    description: "guests get no stream create event for web-public channels they are not in, as before FL205",
    flips: "webPublicCreateToGuests",
  },
  "fl205.channels.peer-events-guests": {
    clause: "fl205.channels.peer-events-guests",
    description: "guests get no peer_add or peer_remove events, as before FL205",
    flips: "peerEventsToGuests",
  },
  "fl220.channels.role-change-create-delete": {
    clause: "fl220.channels.role-change-create-delete",
    description: "a role change sends no stream create or delete events, as before FL220",
    flips: "roleChangeStreamEvents",
  },
  "fl220.channels.peer-add-role-change": {
    clause: "fl220.channels.peer-add-role-change",
    description: "a user gaining channels by a role change gets no peer_add events, as before FL220",
    flips: "roleChangePeerAdd",
  },
  "fl343.channels.delete-event-stream-ids": {
    clause: "fl343.channels.delete-event-stream-ids",
    description: "the stream delete event has no stream_ids, as before FL343",
    flips: "deleteEventStreamIds",
  },
  "fl343.channels.delete-event-streams-deprecated": {
    clause: "fl343.channels.delete-event-streams-deprecated",
    description: "the stream delete event drops the deprecated streams field",
  },
  "fl153.channels.visible-channels": {
    clause: "fl153.channels.visible-channels",
    description: "GET /streams lists private channels to every user who is not a guest, subscribed or not",
  },
} as const satisfies Record<string, Fault>;
