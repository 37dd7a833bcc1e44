import { z } from "zod";
import { publishBotAdded } from "../../../events/realm-bot.ts";
import { publishUserAdded } from "../../../events/realm-user.ts";
import { badRequest } from "../../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../../runtime.ts";
import { ROLE } from "../../../state/types.ts";
import { avatarUrl } from "../../../wire/user.ts";
import { botDomain } from "./domain.ts";
import { readOutgoingService } from "../../webhooks/outgoing.ts";

const BotType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/**
 * POST /bots: full_name, short_name and an optional bot_type (1 generic) → {user_id, api_key, …}; the requester
 * owns the bot, whose email is <short_name>-bot@<realm domain>. realm_bot and realm_user add events follow.
 */
function createBot(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const fullName = params.str("full_name").trim();
  const shortName = params.str("short_name").trim().toLowerCase();
  const botType = params.optJson("bot_type", BotType) ?? 1;
  if (!rt.access.canCreateBot(user, botType)) throw badRequest("Insufficient permission");
  if (fullName === "" || !/^[a-z0-9._-]+$/.test(shortName)) throw badRequest("Bad name or username");
  const email = `${shortName}-bot@${botDomain(rt)}`;
  if (rt.store.userByEmail(email)) throw badRequest("Username already in use");
  // Outgoing-webhook bots (type 3) name the URL the server posts to.
  const service = botType === 3 ? readOutgoingService(ctx) : undefined;
  const bot = rt.store.addUser({ email, fullName, role: ROLE.member, isBot: true, botType });
  bot.botOwnerId = user.id;
  if (service) rt.store.outgoingWebhooks.set(bot.id, service);
  publishUserAdded(rt, bot);
  publishBotAdded(rt, bot);
  return {
    user_id: bot.id,
    api_key: bot.apiKey,
    avatar_url: avatarUrl(bot, false),
    default_sending_stream: null,
    default_events_register_stream: null,
    default_all_public_streams: false,
  };
}

export const routes: Route[] = [authed("POST", "/bots", createBot)];
