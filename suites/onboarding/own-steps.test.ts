import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { UnverifiableError } from "../../src/expect/failure.ts";
import { OnboardingStepsEvent } from "../../src/schemas/events/onboarding-steps.ts";
import { OnboardingStep } from "../../src/schemas/onboarding-step.ts";

/**
 * A persona marks one of its own onboarding steps read: the onboarding_steps event reaches only that user's
 * clients, so the persona is the test's first persona and the state invariant reduces and compares the event
 * (onboarding.test.ts uses fresh users, whose events no watcher sees). Marking a step read cannot be undone: on a
 * server where earlier runs marked every step of the persona read, the test is unverifiable.
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator"] });

behaviour(
  ["fl233.onboarding.event-renamed", "fl233.onboarding.mark-steps-read"],
  "the administrator marks one of its steps read: an onboarding_steps event with the steps still unread",
  { id: "fl233.onboarding.event-renamed#the-administrator-marks-one-of-its-steps-read-an-onboarding-steps-event-with-the-steps-still-unread" },
  async (t) => {
    const admin = t.api("administrator");
    const { body } = await t.register("administrator", { fetch_event_types: ["onboarding_steps"], event_types: ["heartbeat"] });
    const steps = t.expect.schema(z.array(OnboardingStep), t.expect.present(body, "onboarding_steps"), undefined, "register onboarding_steps");
    const step = steps[0];
    if (step === undefined) {
      throw new UnverifiableError({
        reason: "the administrator persona has no unread onboarding step left (marking one read cannot be undone)",
        remedy: "run against a server whose administrator persona has an unread onboarding step (a new account)",
      });
    }
    const { queue } = await t.register("administrator", { event_types: ["onboarding_steps"], fetch_event_types: [] });
    t.expect.success(await admin.post("/users/me/onboarding_steps", { onboarding_step: step.name }), "POST /users/me/onboarding_steps");
    const [ev] = await queue.until([eventOf("onboarding_steps")]);
    const left = t.expect.schema(OnboardingStepsEvent, ev, undefined, "the onboarding_steps event").onboarding_steps.map((s) => s.name);
    t.expect.equal(
      [...left].sort(),
      steps
        .map((s) => s.name)
        .filter((n) => n !== step.name)
        .sort(),
      "the steps in the onboarding_steps event (the unread ones but the step just read)",
    );
  },
);
