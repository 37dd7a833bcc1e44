import { publishOnboardingSteps } from "../../events/onboarding-steps.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { HOTSPOTS } from "../../state/onboarding.ts";
import { hotspotsExist, isKnownStep } from "../../wire/onboarding-steps.ts";

/** POST /users/me/onboarding_steps (FL233): marks one step (`onboarding_step`, a name) read. */
function markStepRead(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const name = params.str("onboarding_step");
  if (!isKnownStep(rt, name)) throw badRequest(`Unknown onboarding_step: ${name}`);
  rt.store.onboarding.markRead(user.id, name);
  publishOnboardingSteps(rt, user.id);
  return {};
}

/** POST /users/me/hotspots (before FL233, which replaced it): marks one hotspot (`hotspot`) read. */
function markHotspotRead(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const name = params.str("hotspot");
  if (!hotspotsExist(rt) || !HOTSPOTS.some((h) => h.name === name)) throw badRequest(`Unknown hotspot: ${name}`);
  rt.store.onboarding.markRead(user.id, name);
  publishOnboardingSteps(rt, user.id);
  return {};
}

/** POST /users/me/tutorial_status (removed FL282): `status` started or finished; nothing to observe. */
function tutorialStatus(ctx: RequestContext): Record<string, unknown> {
  const status = ctx.params.str("status");
  if (status !== "started" && status !== "finished") throw badRequest(`Invalid status: ${status}`);
  return {};
}

export const routes: Route[] = [
  authed("POST", "/users/me/onboarding_steps", markStepRead, { level: "onboardingStepsEndpoint" }),
  authed("POST", "/users/me/hotspots", markHotspotRead, { removedBy: "hotspotsEndpointRemoved" }),
  authed("POST", "/users/me/tutorial_status", tutorialStatus, { removedBy: "tutorialStatusRemoved" }),
];
