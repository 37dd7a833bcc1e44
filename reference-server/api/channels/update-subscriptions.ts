import { z } from "zod";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { defaultChannelSettings, prepareSubscribe, SubscriptionItem } from "./subscribe.ts";
import { prepareUnsubscribe } from "./unsubscribe.ts";

const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** An `add` entry: the channel's name, its description if created, and the color a new subscription gets. */
const AddItem = SubscriptionItem.extend({ color: z.string().optional() });

/**
 * PATCH /users/me/subscriptions: the requester joins the channels of `add` (created, with default settings, if
 * missing) and leaves those of `delete`, in one step: the response merges POST's and DELETE's, and a request that
 * fails changes nothing. The events are those of the two endpoints. Guests cannot use it even only to leave, as
 * real servers check the add part's guest rule first.
 */
function updateSubscriptions(ctx: RequestContext): Record<string, unknown> {
  const { user, params } = ctx;
  const remove = params.optJson("delete", z.array(z.string())) ?? [];
  const add = params.optJson("add", z.array(AddItem)) ?? [];
  if (add.length === 0 && remove.length === 0) throw badRequest('Nothing to do. Specify at least one of "add" or "delete".');
  for (const item of add) if (item.color !== undefined && !HEX_COLOR.test(item.color)) throw badRequest("add.color is not a valid hex color code");
  const subscribe = prepareSubscribe(ctx, add, [user], defaultChannelSettings(ctx));
  const unsubscribe = prepareUnsubscribe(ctx, remove, [user], new Set(add.map((a) => a.name.toLowerCase())));
  return { ...subscribe(), ...unsubscribe() };
}

export const routes: Route[] = [authed("PATCH", "/users/me/subscriptions", updateSubscriptions, { operation: "update-subscriptions" })];
