import { z } from "zod";
import { publishBotOwnerChanged, publishBotUpdate } from "../../../events/realm-bot.ts";
import { publishUserUpdate } from "../../../events/realm-user.ts";
import { withAccessTracking } from "../../../events/user-access.ts";
import { badRequest, noSuchBot } from "../../../errors/registry.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../../runtime.ts";
import type { User } from "../../../state/types.ts";

/** Before FL359 a bot's new owner took it out of the channels the owner is not subscribed to. */
function dropChannelsOwnerLacks(rt: Runtime, bot: User, owner: User): void {
  const lacking = [...rt.store.subscriptionsOf(bot.id)].filter((c) => !rt.store.isSubscribed(owner.id, c));
  const touched = lacking.flatMap((c) => [...rt.store.subscribersOf(c)]);
  withAccessTracking(rt, touched, () => lacking.forEach((c) => rt.store.unsubscribe(bot.id, c)));
}

/** PATCH /bots/{bot_user_id}: the bot's owner or an administrator changes its full_name or owner (bot_owner_id). */
function updateBot(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const bot = rt.store.users.get(Number(ctx.path.bot_user_id));
  if (!bot || !bot.isBot || !bot.isActive) throw noSuchBot();
  if (!rt.access.canManageBot(user, bot)) throw badRequest("Insufficient permission");
  const fullName = params.optStr("full_name")?.trim();
  const ownerId = params.optJson("bot_owner_id", z.number().int());
  const owner = ownerId === undefined ? undefined : rt.store.users.get(ownerId);
  if (ownerId !== undefined && (!owner || !owner.isActive || owner.isBot)) throw badRequest("Failed to change owner, no such user");
  if (fullName !== undefined && fullName !== "" && fullName !== bot.fullName) {
    bot.fullName = fullName;
    publishBotUpdate(rt, bot, { full_name: fullName });
    publishUserUpdate(rt, bot, { full_name: fullName });
  }
  if (owner && owner.id !== bot.botOwnerId) {
    const previous = bot.botOwnerId;
    bot.botOwnerId = owner.id;
    if (!rt.fl.has("botOwnerChangeKeepsSubscriptions")) dropChannelsOwnerLacks(rt, bot, owner);
    publishBotOwnerChanged(rt, bot, previous);
    publishUserUpdate(rt, bot, { bot_owner_id: owner.id });
  }
  return {};
}

export const routes: Route[] = [authed("PATCH", "/bots/:bot_user_id(^\\d+$)", updateBot)];
