import type { Fault } from "./fault.ts";

/** Onboarding steps: each fault breaks one clause (see ../faults.ts). */
export const onboardingFaults = {
  "fl230.onboarding.hotspot-has-trigger": {
    clause: "fl230.onboarding.hotspot-has-trigger",
    description: "hotspots lack has_trigger, as before FL230",
    flips: "hotspotHasTrigger",
    level: 240,
  },
  "fl233.onboarding.register-onboarding-steps": {
    clause: "fl233.onboarding.register-onboarding-steps",
    description: "register returns the steps as hotspots, not onboarding_steps, as before FL233",
    flips: "registerOnboardingSteps",
  },
  "fl233.onboarding.step-types": {
    clause: "fl233.onboarding.step-types",
    description: "hotspots among the onboarding steps carry no type, as before FL233",
    flips: "onboardingStepTypes",
    level: 240,
  },
  "fl233.onboarding.event-renamed": {
    clause: "fl233.onboarding.event-renamed",
    description: "marking a step read sends a hotspots event, as before FL233",
    flips: "onboardingStepsEvent",
  },
  "fl233.onboarding.mark-steps-read": {
    clause: "fl233.onboarding.mark-steps-read",
    description: "POST /users/me/onboarding_steps does not exist, as before FL233",
    flips: "onboardingStepsEndpoint",
  },
  "fl233.onboarding.hotspots-endpoint-replaced": {
    clause: "fl233.onboarding.hotspots-endpoint-replaced",
    description: "POST /users/me/hotspots still exists, as before FL233",
    flips: "hotspotsEndpointRemoved",
  },
  "fl259.onboarding.only-one-time-notice": {
    clause: "fl259.onboarding.only-one-time-notice",
    description: "hotspots are still onboarding steps, as before FL259",
    flips: "onlyOneTimeNotices",
  },
  "fl282.onboarding.tutorial-status-removed": {
    clause: "fl282.onboarding.tutorial-status-removed",
    description: "POST /users/me/tutorial_status still exists, as before FL282",
    flips: "tutorialStatusRemoved",
  },
} as const satisfies Record<string, Fault>;
