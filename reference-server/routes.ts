import { routes as subscribe } from "./api/channels/subscribe.ts";
import { routes as streamId } from "./api/channels/stream-id.ts";
import { routes as events } from "./api/events/events.ts";
import { routes as fetchMessages } from "./api/messages/fetch.ts";
import { routes as sendMessages } from "./api/messages/send.ts";
// --- messages: edit, move, delete, history (imports) ---
// --- messages: flags, unreads, topics, read receipts (imports) ---
// --- messages: reactions, submessages, typing, scheduled messages (imports) ---
// --- realm (imports) ---
import { routes as realmUpdate } from "./api/realm/update.ts";
import { routes as userGroups } from "./api/groups/list.ts";
import { routes as register } from "./api/register/register.ts";
import { routes as serverSettings } from "./api/server/server-settings.ts";
import { routes as me } from "./api/users/me.ts";
import type { Route } from "./runtime.ts";

/** Every endpoint the reference server serves, by area. */
export const ROUTES: readonly Route[] = [
  ...serverSettings,
  ...register,
  ...events,
  ...me,
  ...sendMessages,
  ...fetchMessages,
  // --- messages: edit, move, delete, history ---
  // --- messages: flags, unreads, topics, read receipts ---
  // --- messages: reactions, submessages, typing, scheduled messages ---
  // --- realm ---
  ...realmUpdate,
  ...userGroups,
  ...subscribe,
  ...streamId,
];
