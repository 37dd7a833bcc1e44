import type { Runtime } from "../runtime.ts";
import { HOTSPOTS, ONE_TIME_NOTICES } from "../state/onboarding.ts";

/** Whether hotspots exist at the emulated level (until FL259, when one-time notices became the only type). */
export const hotspotsExist = (rt: Runtime) => !rt.fl.has("onlyOneTimeNotices");
/** Whether one-time notices exist: they came with the typed onboarding steps of FL233. */
export const noticesExist = (rt: Runtime) => rt.fl.has("registerOnboardingSteps");

/** A hotspot as the wire shows it: `type` from FL233 (until FL259), has_trigger FL230–258. */
function hotspot(rt: Runtime, h: (typeof HOTSPOTS)[number]): Record<string, unknown> {
  const out: Record<string, unknown> = { name: h.name, title: h.title, description: h.description, delay: h.delay };
  if (rt.fl.has("onboardingStepTypes")) out.type = "hotspot";
  if (rt.fl.has("hotspotHasTrigger")) out.has_trigger = false;
  return out;
}

/**
 * The user's unread onboarding steps: before FL233 hotspots (register `hotspots`, `hotspots` events), from FL233
 * typed steps (register `onboarding_steps`, `onboarding_steps` events), from FL259 one-time notices only.
 */
export function unreadSteps(rt: Runtime, userId: number): Array<Record<string, unknown>> {
  const steps = rt.store.onboarding;
  const out: Array<Record<string, unknown>> = [];
  if (hotspotsExist(rt)) for (const h of HOTSPOTS) if (!steps.hasRead(userId, h.name)) out.push(hotspot(rt, h));
  if (noticesExist(rt)) for (const name of ONE_TIME_NOTICES) if (!steps.hasRead(userId, name)) out.push({ type: "one_time_notice", name });
  return out;
}

/** Whether `name` is a step the user can mark read at the emulated level. */
export function isKnownStep(rt: Runtime, name: string): boolean {
  return (hotspotsExist(rt) && HOTSPOTS.some((h) => h.name === name)) || (noticesExist(rt) && ONE_TIME_NOTICES.includes(name));
}
