import { publishBotActive } from "../../events/realm-bot.ts";
import { publishDeactivated, publishReactivated } from "../../events/realm-user.ts";
import { groupsListing, publishMembership } from "../../events/user-group.ts";
import { dropFromSettingValues } from "../groups/corrections.ts";
import { badRequest, cannotDeactivateLastOwner, mustBeAdministrator, mustBeOwner, noSuchBot, noSuchUser } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../runtime.ts";
import type { User } from "../../state/types.ts";

/**
 * Deactivation and reactivation (wire §15): the user's is_active flips; realm_user (and for bots realm_bot)
 * events tell the organization (FL222 shapes); from FL303 the user leaves every group while deactivated, with
 * user_group remove_members / add_members events. Subscriptions are kept.
 */
export function setActive(rt: Runtime, target: User, active: boolean): void {
  const groups = groupsListing(rt, target);
  if (!active && rt.faulty("fl153.users.deactivate-reactivate")) return;
  target.isActive = active;
  if (active) publishReactivated(rt, target);
  else publishDeactivated(rt, target);
  if (target.isBot) publishBotActive(rt, target);
  if (active ? rt.fl.has("reactivationRejoinsGroups") : rt.fl.has("deactivationLeavesGroups"))
    publishMembership(rt, active ? "add_members" : "remove_members", target, groups);
  if (!active) dropFromSettingValues(rt, target);
}

function pathUser(ctx: RequestContext, name: string): User | undefined {
  return ctx.rt.store.users.get(Number(ctx.path[name]));
}

/** DELETE /users/{user_id}: administrators; owners alone deactivate owners, and never the only one. */
function deactivateUser(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  if (!rt.access.canAdministerUsers(user)) throw mustBeAdministrator();
  const target = pathUser(ctx, "user_id");
  if (!target || target.isBot) throw noSuchUser();
  if (!target.isActive && !rt.faulty("fl153.users.deactivate-errors")) throw badRequest("User is deactivated");
  if (!rt.access.canDeactivateUser(user, target)) throw mustBeOwner();
  if (rt.access.isOnlyOwner(target) && !rt.faulty("fl153.users.cannot-deactivate-last-owner")) throw cannotDeactivateLastOwner();
  setActive(rt, target, false);
  return {};
}

/** POST /users/{user_id}/reactivate: administrators reactivate users and bots. */
function reactivateUser(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  if (!rt.access.canAdministerUsers(user)) throw mustBeAdministrator();
  const target = pathUser(ctx, "user_id");
  if (!target) throw noSuchUser();
  if (target.isActive) throw badRequest("User is already active");
  setActive(rt, target, true);
  return {};
}

/** DELETE /bots/{bot_id}: the bot's owner or an administrator. */
function deactivateBot(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const bot = pathUser(ctx, "bot_id");
  if (!bot || !bot.isBot || !bot.isActive) throw noSuchBot();
  if (!rt.access.canManageBot(user, bot)) throw badRequest("Insufficient permission");
  setActive(rt, bot, false);
  return {};
}

export const routes: Route[] = [
  authed("DELETE", "/users/:user_id(^\\d+$)", deactivateUser),
  authed("POST", "/users/:user_id(^\\d+$)/reactivate", reactivateUser),
  authed("DELETE", "/bots/:bot_id(^\\d+$)", deactivateBot),
];
