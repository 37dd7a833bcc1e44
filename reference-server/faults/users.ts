import type { Fault } from "./fault.ts";

/** Users, bots and guests: each fault breaks one clause (see ../faults.ts). */
export const usersFaults = {
  "fl163.users.delivery-email-present": {
    clause: "fl163.users.delivery-email-present",
    description: "user objects carry delivery_email only when the email is not public, as before FL163",
    flips: "deliveryEmailAlwaysPresent",
  },
  "fl163.users.avatar-url-null-by-visibility": {
    clause: "fl163.users.avatar-url-null-by-visibility",
    description: "with client_gravatar avatar_url follows the organization's email visibility, not the user's, as before FL163",
    flips: "avatarUrlByUserVisibility",
  },
  "fl222.users.deactivate-event": {
    clause: "fl222.users.deactivate-event",
    description: "deactivating a user sends realm_user remove instead of update, as before FL222",
    flips: "userDeactivateUpdateEvent",
  },
  "fl222.users.reactivate-event": {
    clause: "fl222.users.reactivate-event",
    description: "reactivating a user sends realm_user add instead of update, as before FL222",
    flips: "userReactivateUpdateEvent",
  },
  "fl222.users.bot-active-event": {
    clause: "fl222.users.bot-active-event",
    description: "deactivating or reactivating a bot sends realm_bot remove or add instead of update, as before FL222",
    flips: "botActiveUpdateEvent",
  },
  "fl225.users.can-access-all-users-restriction": {
    clause: "fl225.users.can-access-all-users-restriction",
    description: "users outside can_access_all_users_group_id still access every user, as before FL225",
    flips: "restrictedUserAccess",
  },
  "fl228.users.update-event-access": {
    clause: "fl228.users.update-event-access",
    description: "realm_user update events go to every user, access or not, as before FL228",
    flips: "userUpdateEventAccess",
  },
  "fl228.users.guest-gains-access-add": {
    clause: "fl228.users.guest-gains-access-add",
    description: "a guest gaining access to a user gets no realm_user add event, as before FL228",
    flips: "accessGainedAddEvent",
  },
  "fl228.users.guest-loses-access-remove": {
    clause: "fl228.users.guest-loses-access-remove",
    description: "a guest losing access to a user gets no realm_user remove event, as before FL228",
    flips: "accessLostRemoveEvent",
  },
  "fl232.users.unknown-user-add-event": {
    clause: "fl232.users.unknown-user-add-event",
    description: "every client of a restricted user gets 'Unknown user' add events, capability or not, as before FL232",
    flips: "unknownUserAddEventByCapability",
  },
  "fl302.users.lookup-by-email-visibility": {
    clause: "fl302.users.lookup-by-email-visibility",
    description: "GET /users/{email} looks users up by their API email only, as before FL302",
    flips: "lookupByEmailVisibility",
  },
  "fl303.users.reactivation-event-access": {
    clause: "fl303.users.reactivation-event-access",
    description: "reactivation events go to users who cannot access the user, as before FL303",
    flips: "reactivationEventAccess",
  },
  "fl359.users.bot-owner-change-keeps-subscriptions": {
    clause: "fl359.users.bot-owner-change-keeps-subscriptions",
    description: "a bot's new owner unsubscribes it from channels the owner is not in, as before FL359",
    flips: "botOwnerChangeKeepsSubscriptions",
  },
  "fl163.users.delivery-email-null-without-access": {
    clause: "fl163.users.delivery-email-null-without-access",
    description: "delivery_email holds the real email even for requesters who may not see it",
  },
  "fl163.users.bot-delivery-email": {
    clause: "fl163.users.bot-delivery-email",
    description: "a bot's delivery_email is null for requesters other than administrators",
  },
  "fl153.users.dummy-email": {
    clause: "fl153.users.dummy-email",
    description: "the email field holds the real email even for requesters who may not see it",
  },
  "fl153.users.get-users": {
    clause: "fl153.users.get-users",
    description: "GET /users leaves out deactivated users",
  },
  "fl153.users.no-such-user": {
    clause: "fl153.users.no-such-user",
    description: "an unknown user id or email gets HTTP 404",
  },
  "fl153.users.deactivate-reactivate": {
    clause: "fl153.users.deactivate-reactivate",
    description: "DELETE /users/{user_id} answers success but leaves the user active",
  },
  "fl153.users.deactivate-errors": {
    clause: "fl153.users.deactivate-errors",
    description: "deactivating an already deactivated user succeeds",
  },
  "fl153.users.cannot-deactivate-last-owner": {
    clause: "fl153.users.cannot-deactivate-last-owner",
    description: "the organization's only owner can be deactivated",
  },
  "fl153.users.get-own-user": {
    clause: "fl153.users.get-own-user",
    description: "GET /users/me nests the user object under a user key, as GET /users/{user_id} does",
  },
} as const satisfies Record<string, Fault>;
