import { unreadSteps } from "../wire/onboarding-steps.ts";
import type { Runtime } from "../runtime.ts";

/**
 * After a step is marked read, the user's clients get the unread steps: an `onboarding_steps` event from FL233,
 * a `hotspots` event (with `hotspots`) before.
 */
export function publishOnboardingSteps(rt: Runtime, userId: number): void {
  const type = rt.fl.has("onboardingStepsEvent") ? "onboarding_steps" : "hotspots";
  rt.queues.publish(type, [userId], () => ({ type, [type]: unreadSteps(rt, userId) }));
}
