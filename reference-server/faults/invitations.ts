import type { Fault } from "./fault.ts";

/** Email invitations and reusable links: each fault breaks one clause (see ../faults.ts). */
export const invitationsFaults = {
  "fl267.invitations.notify-referrer-field": {
    clause: "fl267.invitations.notify-referrer-field",
    description: "GET /invites leaves notify_referrer_on_join out of invitation objects, as before FL267",
    flips: "inviteNotifyReferrerField",
  },
  "fl267.invitations.notify-referrer-param": {
    clause: "fl267.invitations.notify-referrer-param",
    description: "POST /invites ignores notify_referrer_on_join, as before FL267",
    flips: "inviteNotifyReferrerParam",
  },
  "fl209.invitations.list-own-for-non-admins": {
    clause: "fl209.invitations.list-own-for-non-admins",
    description: "GET /invites is for administrators only, as before FL209",
    flips: "invitesListOwnForNonAdmins",
  },
  "fl261.invitations.include-realm-default-subscriptions": {
    clause: "fl261.invitations.include-realm-default-subscriptions",
    description: "POST /invites ignores include_realm_default_subscriptions, as before FL261",
    flips: "inviteDefaultSubscriptionsParam",
  },
  "fl261.invitations.multiuse-include-realm-default-subscriptions": {
    clause: "fl261.invitations.multiuse-include-realm-default-subscriptions",
    description: "POST /invites/multiuse ignores include_realm_default_subscriptions, as before FL261",
    flips: "multiuseDefaultSubscriptionsParam",
  },
  "fl180.invitations.empty-channel-list": {
    clause: "fl180.invitations.empty-channel-list",
    description: "POST /invites refuses an empty stream_ids, as before FL180",
    flips: "emptyInviteChannelList",
  },
  "fl157.invitations.empty-channel-list-backport": {
    clause: "fl157.invitations.empty-channel-list-backport",
    description: "at the 6.2 level 157 POST /invites refuses an empty stream_ids, as 6.0 did",
    flips: "emptyInviteChannelListBackport",
    level: 157,
  },
  "fl153.invitations.multiuse-admins-only": {
    clause: "fl153.invitations.multiuse-admins-only",
    description: "before FL209 members may create reusable invitation links",
    level: 208,
  },
  "fl209.invitations.multiuse-non-admins": {
    clause: "fl209.invitations.multiuse-non-admins",
    description: "POST /invites/multiuse refuses non-administrators whatever create_multiuse_invite_group says",
  },
  "fl209.invitations.revoke-own-link": {
    clause: "fl209.invitations.revoke-own-link",
    description: "non-administrators may not revoke the reusable links they created, as before FL209",
    flips: "revokeOwnMultiuseInvite",
  },
  "fl209.invitations.invites-changed-recipients": {
    clause: "fl209.invitations.invites-changed-recipients",
    description: "invites_changed goes to administrators only, not to the invitation's creator, as before FL209",
    flips: "invitesChangedToCreator",
  },
  "fl153.invitations.invites-changed-admins-only": {
    clause: "fl153.invitations.invites-changed-admins-only",
    description: "before FL209 invites_changed also goes to the invitation's creator",
    level: 208,
  },
} as const satisfies Record<string, Fault>;
