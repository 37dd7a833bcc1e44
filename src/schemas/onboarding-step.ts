import { z } from "zod";

/** A hotspot (wire §4.5, before FL259): name, title, description, delay; `type` from FL233, has_trigger from FL230. */
export const Hotspot = z.looseObject({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  delay: z.number(),
  type: z.literal("hotspot").optional(),
  has_trigger: z.boolean().optional(),
});
export type Hotspot = z.infer<typeof Hotspot>;

/** An onboarding step (FL233): `type` hotspot (until FL259) or one_time_notice, and its name. */
export const OnboardingStep = z.looseObject({ type: z.enum(["hotspot", "one_time_notice"]), name: z.string() });
export type OnboardingStep = z.infer<typeof OnboardingStep>;
