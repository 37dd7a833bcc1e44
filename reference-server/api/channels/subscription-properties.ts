import { z } from "zod";
import { publishSubscriptionUpdate } from "../../events/subscription.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { SUBSCRIPTION_COLOR_PATTERN, type SubscriptionProperties } from "../../state/subscriptions.ts";
import { channelById } from "./lookup.ts";

const SubscriptionData = z.array(z.looseObject({ stream_id: z.number().int(), property: z.string(), value: z.unknown() })).min(1);

/**
 * The properties the endpoint takes: color a hex color string, the others booleans (a notification setting cannot
 * be set back to null, following the user's own setting, here). is_muted lives with the topic policies
 * (UserTopics); in_home_view is its deprecated inverse.
 */
const PROPERTIES: ReadonlyMap<string, "color" | "boolean"> = new Map([
  ["color", "color"],
  ["is_muted", "boolean"],
  ["in_home_view", "boolean"],
  ["pin_to_top", "boolean"],
  ["desktop_notifications", "boolean"],
  ["audible_notifications", "boolean"],
  ["push_notifications", "boolean"],
  ["email_notifications", "boolean"],
  ["wildcard_mentions_notify", "boolean"],
]);

/** The value as the property takes it, or the error real servers answer. */
function checkValue(property: string, value: unknown): boolean | string {
  if (PROPERTIES.get(property) === "boolean") {
    if (typeof value !== "boolean") throw badRequest(`${property} is not a boolean`);
    return value;
  }
  if (typeof value !== "string") throw badRequest(`${property} is not a string`);
  if (!SUBSCRIPTION_COLOR_PATTERN.test(value)) throw badRequest(`${property} is not a valid hex color code`);
  return value;
}

/**
 * POST /users/me/subscriptions/properties: the requester's personal settings for channels they are subscribed to,
 * one `subscription` update event per change. Changes apply in order, each checked just before it, so a failing
 * entry leaves the earlier ones done (as real servers do). Muting sends two events, in_home_view first, whichever
 * of the two names the request used.
 */
function updateProperties(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const updates = ctx.params.json("subscription_data", SubscriptionData);
  for (const u of updates) {
    if (!PROPERTIES.has(u.property)) throw badRequest(`Unknown subscription property: ${u.property}`);
    const channel = channelById(ctx, u.stream_id);
    if (!rt.store.isSubscribed(user.id, channel.id)) throw badRequest("Not subscribed to channel ID " + String(channel.id));
    const value = checkValue(u.property, u.value);
    if (u.property === "is_muted" || u.property === "in_home_view") {
      const muted = u.property === "is_muted" ? value === true : value === false;
      rt.store.userTopics.setChannelMuted(user.id, channel.id, muted);
      publishSubscriptionUpdate(rt, user.id, channel.id, "in_home_view", !muted);
      publishSubscriptionUpdate(rt, user.id, channel.id, "is_muted", muted);
    } else {
      if (u.property === "color") rt.store.setSubscriptionProperty(user.id, channel.id, "color", String(value));
      else rt.store.setSubscriptionProperty(user.id, channel.id, u.property as Exclude<keyof SubscriptionProperties, "color">, value === true);
      publishSubscriptionUpdate(rt, user.id, channel.id, u.property, value);
    }
  }
  const out: Record<string, unknown> = {};
  // FL111: this endpoint listed unsupported parameters before FL167 made every endpoint do so.
  const ignored = ctx.params.ignored();
  if (!rt.fl.has("ignoredParametersEverywhere") && rt.fl.has("subscriptionPropertiesReportIgnored") && ignored.length > 0)
    out.ignored_parameters_unsupported = ignored;
  return out;
}

export const routes: Route[] = [authed("POST", "/users/me/subscriptions/properties", updateProperties)];
