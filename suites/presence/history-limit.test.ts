import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { Throwaway } from "../support/throwaway.ts";
import { onControlledThrowaway } from "../support/control.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember"] });

// Presence data older than a day is nothing the API can create: the reference control moves a throw-away
// organization's clock forward (every stored time ages, so never on the shared one); on real servers the test is not verifiable.

const DAY = 86_400;

/** The slim presences (keyed by user id) of a fresh register as secondMember, with the history limit if given. */
async function presences(t: TestContext, org: Throwaway, days: number): Promise<Record<string, unknown>> {
  const body = await t.must(
    `POST /register with presence_history_limit_days ${days}`,
    org
      .api("secondMember")
      .post("/register", { fetch_event_types: ["presence"], event_types: ["heartbeat"], slim_presence: true, presence_history_limit_days: days }),
  );
  return (body.presences ?? {}) as Record<string, unknown>;
}

behaviour(
  "fl288.register.presence-history-limit-days-filter",
  "POST /register with presence_history_limit_days leaves out presence older than that many days (before FL288 the parameter is ignored)",
  {
    id: "fl288.register.presence-history-limit-days-filter#post-register-with-presence-history-limit-days-leaves-out-presence-older-than-that-many-days-before-fl288-the-parameter-is-ignored",
    gate: "always",
  },
  async (t) => {
    await onControlledThrowaway(t, async (org, control) => {
      const member = String(org.target.personas.member!.userId);
      await t.must("member reports presence", org.api("member").post("/users/me/presence", { status: "active" }));
      await control.advanceClock(3 * DAY);
      t.expect.ok(member in (await presences(t, org, 5)), `the member's 3-day-old presence with a limit of 5 days (key ${member})`, await presences(t, org, 5));
      const oneDay = await presences(t, org, 1);
      if (t.fl.atLeast(288)) t.expect.ok(!(member in oneDay), `no presence for the member (key ${member}), 3 days old, with a limit of 1 day`, oneDay);
      else
        t.expect.ok(member in oneDay, `the member's 3-day-old presence (key ${member}): presence_history_limit_days is not a parameter before FL288`, oneDay);
    });
  },
);
