import type { Runtime } from "../runtime.ts";
import type { User } from "../state/types.ts";
import { serializeBot } from "../wire/user.ts";

/** realm_bot events (wire §10) go to the bot's owner and the administrators. */

export function publishBotAdded(rt: Runtime, bot: User): void {
  rt.queues.publish("realm_bot", rt.access.botAudience(bot), () => ({ type: "realm_bot", op: "add", bot: serializeBot(rt, bot) }));
}

export function publishBotUpdate(rt: Runtime, bot: User, fields: Record<string, unknown>, audience = rt.access.botAudience(bot)): void {
  rt.queues.publish("realm_bot", audience, () => ({ type: "realm_bot", op: "update", bot: { user_id: bot.id, ...fields } }));
}

/**
 * A bot got a new owner. A member's realm_bots lists only its own bots, so, as real servers do, the previous owner
 * (unless an administrator) gets a delete, the new owner (unless an administrator) the whole bot as an add, and the
 * administrators the changed owner_id as an update.
 */
export function publishBotOwnerChanged(rt: Runtime, bot: User, previousOwnerId: number | null): void {
  const isAdmin = (id: number) => {
    const u = rt.store.users.get(id);
    return u !== undefined && rt.store.isAdmin(u);
  };
  const audience = rt.access.botAudience(bot);
  if (previousOwnerId !== null && previousOwnerId !== bot.botOwnerId && !isAdmin(previousOwnerId) && rt.store.users.get(previousOwnerId)?.isActive) {
    rt.queues.publish("realm_bot", [previousOwnerId], () => ({ type: "realm_bot", op: "delete", bot: { user_id: bot.id } }));
  }
  const newOwner = bot.botOwnerId;
  if (newOwner !== null && !isAdmin(newOwner)) rt.queues.publish("realm_bot", [newOwner], () => ({ type: "realm_bot", op: "add", bot: serializeBot(rt, bot) }));
  publishBotUpdate(rt, bot, { owner_id: newOwner }, audience.filter(isAdmin));
}

/** A bot was deactivated or reactivated: from FL222 an update changing is_active; before, remove or add. */
export function publishBotActive(rt: Runtime, bot: User): void {
  if (rt.fl.has("botActiveUpdateEvent")) return publishBotUpdate(rt, bot, { is_active: bot.isActive });
  if (bot.isActive) return publishBotAdded(rt, bot);
  rt.queues.publish("realm_bot", rt.access.botAudience(bot), () => ({ type: "realm_bot", op: "remove", bot: { user_id: bot.id, full_name: bot.fullName } }));
}
