import type { Runtime } from "../../runtime.ts";
import type { User } from "../../state/types.ts";
import { zulipHas } from "../../zulip-levels.ts";
import { unreadSteps } from "../onboarding-steps.ts";

/** register `hotspots` (before FL233): the unread hotspots. */
export function hotspotsSection(rt: Runtime, req: { user: User }): Record<string, unknown> {
  return rt.fl.has("registerOnboardingSteps") ? {} : { hotspots: unreadSteps(rt, req.user.id) };
}

/**
 * register `onboarding_steps` (FL233, renamed from hotspots): the unread steps, each with a type; from FL369 with
 * navigation_tour_video_url, null as this server has no tour video to show.
 */
export function onboardingStepsSection(rt: Runtime, req: { user: User }): Record<string, unknown> {
  if (!rt.fl.has("registerOnboardingSteps")) return {};
  return { onboarding_steps: unreadSteps(rt, req.user.id), ...(zulipHas(rt.fl, "navigationTourVideoUrl") ? { navigation_tour_video_url: null } : {}) };
}
