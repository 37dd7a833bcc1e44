import { z } from "zod";
import { Hotspot, OnboardingStep } from "../onboarding-step.ts";

/** `onboarding_steps` (FL233): the user's unread steps. */
export const OnboardingStepsEvent = z.looseObject({ id: z.number().int(), type: z.literal("onboarding_steps"), onboarding_steps: z.array(OnboardingStep) });

/** `hotspots` (before FL233): the user's unread hotspots. */
export const HotspotsEvent = z.looseObject({ id: z.number().int(), type: z.literal("hotspots"), hotspots: z.array(Hotspot) });
