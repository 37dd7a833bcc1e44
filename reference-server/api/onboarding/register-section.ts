import type { Runtime } from "../../runtime.ts";
import type { User } from "../../state/types.ts";
import { unreadSteps } from "./steps.ts";

/** register `hotspots` (before FL233): the unread hotspots. */
export function hotspotsSection(rt: Runtime, req: { user: User }): Record<string, unknown> {
  return rt.fl.has("registerOnboardingSteps") ? {} : { hotspots: unreadSteps(rt, req.user.id) };
}

/** register `onboarding_steps` (FL233, renamed from hotspots): the unread steps, each with a type. */
export function onboardingStepsSection(rt: Runtime, req: { user: User }): Record<string, unknown> {
  return rt.fl.has("registerOnboardingSteps") ? { onboarding_steps: unreadSteps(rt, req.user.id) } : {};
}
