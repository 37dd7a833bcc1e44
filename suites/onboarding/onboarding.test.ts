import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { HotspotsEvent, OnboardingStepsEvent } from "../../src/schemas/events/onboarding-steps.ts";
import { Hotspot, OnboardingStep } from "../../src/schemas/onboarding-step.ts";
import { freshUser, registerUser, type FreshUser } from "../support/users.ts";

/**
 * Onboarding steps, formerly hotspots: the register field and event renamed at FL233, the step types (hotspots
 * until FL259), has_trigger (FL230–258), the endpoints that mark steps read, and the removed tutorial_status.
 * Each test uses a fresh user: marking a step read is permanent.
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator"] });

type Step = Record<string, unknown> & { name: string };

/** The user's unread steps from register: `onboarding_steps` from FL233, `hotspots` before (the test says which). */
async function stepsOf(t: TestContext, user: FreshUser, field: "onboarding_steps" | "hotspots"): Promise<Step[]> {
  const { body } = await registerUser(t, user, ["heartbeat"], {}, ["onboarding_steps", "hotspots"]);
  t.expect.absent(body, field === "onboarding_steps" ? "hotspots" : "onboarding_steps");
  return t.expect.schema(z.array(z.looseObject({ name: z.string() })), t.expect.present(body, field), undefined, `register ${field}`);
}

/** A step to mark read, as a prerequisite (a server that offers none blocks the test). */
function firstStep(t: TestContext, steps: Step[], what: string): Promise<Step> {
  return t.given(`the fresh user has ${what} to mark read`, async () => {
    const step = steps[0];
    if (!step) t.expect.fail(`at least one ${what}`, "none");
    return step;
  });
}

behaviour(
  "fl233.onboarding.register-onboarding-steps",
  "register has onboarding_steps (each with a type) from FL233, hotspots before",
  { id: "fl233.onboarding.register-onboarding-steps#register-has-onboarding-steps-each-with-a-type-from-fl233-hotspots-before", gate: "always", mutates: true },
  async (t) => {
    const u = await freshUser(t, "onboarding");
    if (t.fl.atLeast(233)) t.expect.schema(z.array(OnboardingStep), await stepsOf(t, u, "onboarding_steps"), undefined, "register onboarding_steps");
    else t.expect.schema(z.array(Hotspot), await stepsOf(t, u, "hotspots"), undefined, "register hotspots");
  },
);

behaviour(
  ["fl233.onboarding.step-types", "fl259.onboarding.only-one-time-notice"],
  "onboarding steps are hotspots or one-time notices from FL233, only one-time notices from FL259",
  { id: "fl233.onboarding.step-types#onboarding-steps-are-hotspots-or-one-time-notices-from-fl233-only-one-time-notices-from-fl259", gate: "always" },
  async (t) => {
    const u = await freshUser(t, "step-types");
    if (!t.fl.atLeast(233)) {
      for (const h of await stepsOf(t, u, "hotspots")) t.expect.absent(h, "type");
      return;
    }
    const steps = t.expect.schema(z.array(OnboardingStep), await stepsOf(t, u, "onboarding_steps"), undefined, "register onboarding_steps");
    if (t.fl.atLeast(259)) {
      for (const s of steps) t.expect.equal(s.type, "one_time_notice", `the type of step ${s.name}`);
      const res = await u.client.post("/users/me/onboarding_steps", { onboarding_step: "intro_streams" });
      t.expect.error(res, 400, "BAD_REQUEST");
    } else {
      const hotspot = await firstStep(
        t,
        steps.filter((s) => s.type === "hotspot"),
        "a hotspot",
      );
      t.expect.schema(Hotspot, hotspot, undefined, `hotspot ${hotspot.name}`);
    }
  },
);

behaviour(
  "fl230.onboarding.hotspot-has-trigger",
  "hotspots carry a boolean has_trigger from FL230 until hotspots end at FL259",
  { id: "fl230.onboarding.hotspot-has-trigger#hotspots-carry-a-boolean-has-trigger-from-fl230-until-hotspots-end-at-fl259", gate: "always" },
  async (t) => {
    const u = await freshUser(t, "trigger");
    if (t.fl.atLeast(259)) {
      const steps = await stepsOf(t, u, "onboarding_steps");
      t.expect.equal(steps.filter((s) => s.type === "hotspot").length, 0, "hotspots among the onboarding steps");
      return;
    }
    // Whichever field the level has (onboarding_steps from FL233, hotspots before): its hotspots.
    const { body } = await registerUser(t, u, ["heartbeat"], {}, ["onboarding_steps", "hotspots"]);
    const list = t.expect.schema(
      z.array(z.looseObject({ name: z.string() })),
      body.onboarding_steps ?? body.hotspots,
      undefined,
      "register onboarding_steps or hotspots",
    );
    const hotspots = list.filter((s) => s.type === undefined || s.type === "hotspot");
    await firstStep(t, hotspots, "a hotspot");
    for (const h of hotspots) {
      if (t.fl.atLeast(230)) t.expect.ok(typeof h.has_trigger === "boolean", `hotspot ${h.name} to have a boolean has_trigger`, h.has_trigger);
      else t.expect.absent(h, "has_trigger");
    }
  },
);

behaviour(
  "fl233.onboarding.mark-steps-read",
  "POST /users/me/onboarding_steps marks a step read; an unknown step is refused",
  { id: "fl233.onboarding.mark-steps-read#post-users-me-onboarding-steps-marks-a-step-read-an-unknown-step-is-refused" },
  async (t) => {
    const u = await freshUser(t, "mark-read");
    const step = await firstStep(t, await stepsOf(t, u, "onboarding_steps"), "an onboarding step");
    t.expect.success(await u.client.post("/users/me/onboarding_steps", { onboarding_step: step.name }), "POST /users/me/onboarding_steps");
    t.expect.ok(!(await stepsOf(t, u, "onboarding_steps")).some((s) => s.name === step.name), `step ${step.name} gone from onboarding_steps`, step.name);
    t.expect.error(await u.client.post("/users/me/onboarding_steps", { onboarding_step: t.unique("no-such-step") }), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl233.onboarding.mark-steps-read",
  "before FL233 POST /users/me/onboarding_steps does not exist (HTTP 404)",
  { id: "fl233.onboarding.mark-steps-read#before-fl233-post-users-me-onboarding-steps-does-not-exist-http-404", gate: "before" },
  async (t) => {
    const u = await freshUser(t, "mark-read");
    const res = await u.client.post("/users/me/onboarding_steps", { onboarding_step: "intro_streams" });
    t.expect.ok(res.status === 404, "HTTP 404 (no such endpoint)", `HTTP ${res.status} ${res.text.slice(0, 200)}`, res.exchange);
  },
);

behaviour(
  "fl233.onboarding.hotspots-endpoint-replaced",
  "POST /users/me/hotspots marks hotspots read before FL233 and is gone from FL233",
  { id: "fl233.onboarding.hotspots-endpoint-replaced#post-users-me-hotspots-marks-hotspots-read-before-fl233-and-is-gone-from-fl233", gate: "always" },
  async (t) => {
    const u = await freshUser(t, "hotspots");
    if (t.fl.atLeast(233)) {
      const res = await u.client.post("/users/me/hotspots", { hotspot: "intro_streams" });
      t.expect.ok(res.status === 404, "HTTP 404 (no such endpoint)", `HTTP ${res.status} ${res.text.slice(0, 200)}`, res.exchange);
      return;
    }
    const hotspot = await firstStep(t, await stepsOf(t, u, "hotspots"), "a hotspot");
    t.expect.success(await u.client.post("/users/me/hotspots", { hotspot: hotspot.name }), "POST /users/me/hotspots");
    t.expect.ok(!(await stepsOf(t, u, "hotspots")).some((s) => s.name === hotspot.name), `hotspot ${hotspot.name} gone from register hotspots`, hotspot.name);
  },
);

behaviour(
  "fl233.onboarding.event-renamed",
  "marking a step read sends onboarding_steps from FL233, hotspots before, with the unread steps",
  { id: "fl233.onboarding.event-renamed#marking-a-step-read-sends-onboarding-steps-from-fl233-hotspots-before-with-the-unread-steps", gate: "always" },
  async (t) => {
    const u = await freshUser(t, "steps-event");
    const renamed = t.fl.atLeast(233);
    const field = renamed ? "onboarding_steps" : "hotspots";
    const step = await firstStep(t, await stepsOf(t, u, field), "a step");
    const { queue } = await registerUser(t, u, ["onboarding_steps", "hotspots"]);
    await t.must(
      "mark a step read",
      renamed ? u.client.post("/users/me/onboarding_steps", { onboarding_step: step.name }) : u.client.post("/users/me/hotspots", { hotspot: step.name }),
    );
    const [ev] = await queue.until([eventOf(field)]);
    const steps = renamed ? t.expect.schema(OnboardingStepsEvent, ev).onboarding_steps : t.expect.schema(HotspotsEvent, ev).hotspots;
    t.expect.ok(!steps.some((s) => s.name === step.name), `the ${field} event to leave out the step just read (${step.name})`, steps);
  },
);

behaviour(
  "fl282.onboarding.tutorial-status-removed",
  "POST /users/me/tutorial_status works before FL282 and is gone from FL282",
  { id: "fl282.onboarding.tutorial-status-removed#post-users-me-tutorial-status-works-before-fl282-and-is-gone-from-fl282", gate: "always" },
  async (t) => {
    const u = await freshUser(t, "tutorial");
    const res = await u.client.post("/users/me/tutorial_status", { status: "finished" });
    if (t.fl.atLeast(282)) t.expect.ok(res.status === 404, "HTTP 404 (no such endpoint)", `HTTP ${res.status} ${res.text.slice(0, 200)}`, res.exchange);
    else t.expect.success(res, "POST /users/me/tutorial_status");
  },
);
