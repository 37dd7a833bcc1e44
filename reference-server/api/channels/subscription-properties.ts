import { z } from "zod";
import { badRequest } from "../../http/errors.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { channelById } from "./lookup.ts";

const SubscriptionData = z.array(z.looseObject({ stream_id: z.number().int(), property: z.string(), value: z.unknown() })).min(1);

/**
 * POST /users/me/subscriptions/properties, as much as the unread counts need: muting a channel (`is_muted`, or its
 * deprecated inverse `in_home_view`). Other personal channel settings are not modelled yet and are rejected.
 */
function updateProperties(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const updates = ctx.params.json("subscription_data", SubscriptionData);
  for (const u of updates) {
    const channel = channelById(ctx, u.stream_id);
    if (!rt.store.isSubscribed(user.id, channel.id)) throw badRequest("Not subscribed to channel ID " + String(channel.id));
    if (u.property !== "is_muted" && u.property !== "in_home_view") throw badRequest(`Unknown subscription property: ${u.property}`);
    if (typeof u.value !== "boolean") throw badRequest(`${u.property} is not a boolean`);
  }
  for (const u of updates) rt.store.userTopics.setChannelMuted(user.id, u.stream_id, u.property === "is_muted" ? u.value === true : u.value === false);
  const out: Record<string, unknown> = { subscription_data: updates.map((u) => ({ stream_id: u.stream_id, property: u.property, value: u.value })) };
  // FL111: this endpoint listed unsupported parameters before FL167 made every endpoint do so.
  const ignored = ctx.params.ignored();
  if (!rt.fl.has("ignoredParametersEverywhere") && rt.fl.has("subscriptionPropertiesReportIgnored") && ignored.length > 0) out.ignored_parameters_unsupported = ignored;
  return out;
}

export const routes: Route[] = [authed("POST", "/users/me/subscriptions/properties", updateProperties)];
