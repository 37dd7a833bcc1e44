import { routes as subscribe } from "./api/channels/subscribe.ts";
import { routes as streamId } from "./api/channels/stream-id.ts";
import { routes as events } from "./api/events/events.ts";
import { routes as fetchMessages } from "./api/messages/fetch.ts";
import { routes as sendMessages } from "./api/messages/send.ts";
import { routes as editMessages } from "./api/messages/edit.ts";
import { routes as deleteMessages } from "./api/messages/delete.ts";
import { routes as messageHistory } from "./api/messages/history.ts";
import { routes as flags } from "./api/messages/flags.ts";
import { routes as flagsNarrow } from "./api/messages/flags-narrow.ts";
import { routes as markRead } from "./api/messages/mark-read.ts";
import { routes as readReceipts } from "./api/messages/read-receipts.ts";
import { routes as matchesNarrow } from "./api/messages/matches-narrow.ts";
import { routes as channelTopics } from "./api/channels/topics.ts";
import { routes as deleteTopic } from "./api/channels/delete-topic.ts";
import { routes as subscriptionProperties } from "./api/channels/subscription-properties.ts";
import { routes as userTopics } from "./api/messages/topics/user-topics.ts";
import { routes as reactions } from "./api/messages/reactions.ts";
import { routes as submessage } from "./api/messages/submessage.ts";
import { routes as typing } from "./api/messages/typing.ts";
import { routes as editTyping } from "./api/messages/edit-typing.ts";
import { routes as singleMessage } from "./api/messages/single.ts";
import { routes as createScheduled } from "./api/messages/scheduled/create.ts";
import { routes as listScheduled } from "./api/messages/scheduled/list.ts";
import { routes as editScheduled } from "./api/messages/scheduled/edit.ts";
import { routes as deleteScheduled } from "./api/messages/scheduled/delete.ts";
import { routes as unsubscribe } from "./api/channels/unsubscribe.ts";
import { routes as uploads } from "./api/uploads/upload.ts";
import { routes as realmUpdate } from "./api/realm/update.ts";
import { routes as linkifiers } from "./api/realm/linkifiers.ts";
import { routes as profileFields } from "./api/realm/profile-fields.ts";
import { routes as realmEmoji } from "./api/realm/emoji.ts";
import { routes as realmDeactivate } from "./api/realm/deactivate.ts";
import { routes as userGroups } from "./api/groups/list.ts";
import { routes as register } from "./api/register/register.ts";
import { routes as serverSettings } from "./api/server/server-settings.ts";
import { routes as me } from "./api/users/me.ts";
import { routes as listUsers } from "./api/users/list.ts";
import { routes as createUser } from "./api/users/create.ts";
import { routes as updateUser } from "./api/users/update.ts";
import { routes as deactivateUser } from "./api/users/deactivate.ts";
import { routes as fetchApiKey } from "./api/users/fetch-api-key.ts";
import { routes as createBot } from "./api/users/bots/create.ts";
import { routes as updateBot } from "./api/users/bots/update.ts";
import { routes as settings } from "./api/settings/update.ts";
import { routes as createGroup } from "./api/groups/create.ts";
import { routes as updateGroup } from "./api/groups/update.ts";
import { routes as groupMembers } from "./api/groups/members.ts";
import { routes as deactivateGroup } from "./api/groups/deactivate.ts";
import { routes as invites } from "./api/invitations/invites.ts";
import { routes as multiuseInvites } from "./api/invitations/multiuse.ts";
import { routes as realmExports } from "./api/exports/exports.ts";
import { routes as calls } from "./api/calls/calls.ts";
import { routes as pushDeviceTokens } from "./api/push/device-token.ts";
import { routes as pushBouncer } from "./api/push/bouncer.ts";
import { routes as servicesVerify } from "./api/push/services-verify.ts";
import { routes as pushNotify } from "./api/push/notify.ts";
import { routes as jwtFetchApiKey } from "./api/authentication/jwt.ts";
import { routes as onboardingSteps } from "./api/onboarding/mark-read.ts";
import { routes as presence } from "./api/presence/presence.ts";
import { routes as userStatus } from "./api/presence/status.ts";
import { routes as listStreams } from "./api/channels/list.ts";
import { routes as updateStream } from "./api/channels/update.ts";
import { routes as archiveStream } from "./api/channels/archive.ts";
import { routes as streamEmail } from "./api/channels/email-address.ts";
import { routes as devFetchApiKey } from "./api/authentication/dev-fetch-api-key.ts";
import { routes as drafts } from "./api/messages/drafts/drafts.ts";
import { routes as savedSnippets } from "./api/messages/saved-snippets.ts";
import { routes as alertWords } from "./api/users/alert-words.ts";
import { routes as mutedUsers } from "./api/users/muted-users.ts";
import { routes as deactivateOwnUser } from "./api/users/deactivate-own.ts";
import { routes as updateUserByEmail } from "./api/users/update-by-email.ts";
import { routes as userStatusById } from "./api/presence/user-status.ts";
import { routes as subscriptionStatus } from "./api/channels/subscription-status.ts";
import { routes as channelMembers } from "./api/channels/members.ts";
import { routes as attachments } from "./api/uploads/attachments.ts";
import { routes as temporaryUrl } from "./api/uploads/temporary-url.ts";
import { routes as defaultChannels } from "./api/channels/default-channels.ts";
import { routes as updateSubscriptions } from "./api/channels/update-subscriptions.ts";
import { routes as mutedTopics } from "./api/messages/topics/muted-topics.ts";
import { routes as renderPreview } from "./api/messages/render-preview.ts";
import { routes as realmReorder } from "./api/realm/reorder.ts";
import { routes as playgrounds } from "./api/realm/playgrounds.ts";
import type { Route } from "./runtime.ts";

/** Every endpoint the reference server serves (each handler module exports its own routes). */
export const ROUTES: readonly Route[] = [
  ...attachments,
  ...temporaryUrl,
  ...defaultChannels,
  ...updateSubscriptions,
  ...mutedTopics,
  ...renderPreview,
  ...realmReorder,
  ...playgrounds,
  ...serverSettings,
  ...register,
  ...events,
  ...me,
  ...sendMessages,
  ...fetchMessages,
  ...editMessages,
  ...deleteMessages,
  ...messageHistory,
  ...flags,
  ...flagsNarrow,
  ...markRead,
  ...readReceipts,
  ...matchesNarrow,
  ...channelTopics,
  ...deleteTopic,
  ...subscriptionProperties,
  ...userTopics,
  ...reactions,
  ...submessage,
  ...typing,
  ...editTyping,
  ...singleMessage,
  ...createScheduled,
  ...listScheduled,
  ...editScheduled,
  ...deleteScheduled,
  ...unsubscribe,
  ...uploads,
  ...realmUpdate,
  ...linkifiers,
  ...profileFields,
  ...realmEmoji,
  ...realmDeactivate,
  ...userGroups,
  ...subscribe,
  ...streamId,
  ...listUsers,
  ...createUser,
  ...updateUser,
  ...deactivateUser,
  ...fetchApiKey,
  ...createBot,
  ...updateBot,
  ...settings,
  ...createGroup,
  ...updateGroup,
  ...groupMembers,
  ...deactivateGroup,
  ...invites,
  ...multiuseInvites,
  ...realmExports,
  ...calls,
  ...pushDeviceTokens,
  ...pushBouncer,
  ...servicesVerify,
  ...pushNotify,
  ...jwtFetchApiKey,
  ...onboardingSteps,
  ...presence,
  ...userStatus,
  ...listStreams,
  ...updateStream,
  ...archiveStream,
  ...streamEmail,
  ...devFetchApiKey,
  ...drafts,
  ...savedSnippets,
  ...alertWords,
  ...mutedUsers,
  ...deactivateOwnUser,
  ...updateUserByEmail,
  ...userStatusById,
  ...subscriptionStatus,
  ...channelMembers,
];
