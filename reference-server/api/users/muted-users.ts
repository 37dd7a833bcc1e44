import { publishMutedUsers } from "../../events/muted-users.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../runtime.ts";
import type { User } from "../../state/types.ts";
import { zulipHas } from "../../zulip-levels.ts";
import { changeFlags } from "../messages/flag-update.ts";
import { addFlag, type Receivers } from "../messages/receivers.ts";
import { targetUser } from "./target.ts";

/** The user the path names: deactivated ones too, bots only from FL188. */
function mutedTarget(ctx: RequestContext): User {
  return targetUser(ctx, Number(ctx.path.muted_user_id), { allowBots: zulipHas(ctx.rt.fl, "muteBots"), allowDeactivated: true });
}

/** Muting marks every unread message the muted user sent to the muter as read, in one update_message_flags event. */
function readAllFrom(rt: Runtime, user: User, sender: User): void {
  const unread = rt.store.flags.unreadOf(user.id);
  const ids: number[] = [];
  for (let i = 0; i < unread.length; i++) {
    const id = unread.at(i)!;
    if (rt.store.messages.get(id)?.senderId === sender.id) ids.push(id);
  }
  if (ids.length > 0) changeFlags(rt, user, { op: "add", flag: "read" }, ids);
}

/** POST /users/me/muted_users/{muted_user_id}: not oneself, not twice; a muted_users event with the whole list. */
function muteUser(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  if (Number(ctx.path.muted_user_id) === user.id) throw badRequest("Cannot mute self");
  const target = mutedTarget(ctx);
  if (rt.store.mutedUsers.isMuted(user.id, target.id)) throw badRequest("User already muted");
  rt.store.mutedUsers.mute(user.id, target.id, rt.store.clock());
  readAllFrom(rt, user, target);
  publishMutedUsers(rt, user.id);
  return {};
}

function unmuteUser(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const target = mutedTarget(ctx);
  if (!rt.store.mutedUsers.isMuted(user.id, target.id)) throw badRequest("User is not muted");
  rt.store.mutedUsers.unmute(user.id, target.id);
  publishMutedUsers(rt, user.id);
  return {};
}

/** register `muted_users`: [{id, timestamp}] in the order the user muted them. */
export function mutedUsersSection(rt: Runtime, user: User): Record<string, unknown> {
  return { muted_users: rt.store.mutedUsers.of(user.id) };
}

/** A new message arrives read for the receivers who muted its sender, so that nothing notifies them of it. */
export function readForMuters(rt: Runtime, senderId: number, receivers: Receivers): void {
  if (rt.store.mutedUsers.size === 0) return;
  for (const userId of receivers.keys()) if (userId !== senderId && rt.store.mutedUsers.isMuted(userId, senderId)) addFlag(receivers, userId, "read");
}

export const routes: Route[] = [
  authed("POST", "/users/me/muted_users/:muted_user_id(^\\d+$)", muteUser, { operation: "mute-user" }),
  authed("DELETE", "/users/me/muted_users/:muted_user_id(^\\d+$)", unmuteUser, { operation: "unmute-user" }),
];
