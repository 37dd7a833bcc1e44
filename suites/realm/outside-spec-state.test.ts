import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { HarnessError, NotApplicableError } from "../../src/expect/failure.ts";
import { INVARIANT_CLAUSE } from "../../src/expect/state/invariant.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import { onControlledThrowaway, type ReferenceControl } from "../support/control.ts";
import type { Throwaway } from "../support/throwaway.ts";
import { ownWatcher } from "../support/watch.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

/**
 * Organization state that real servers change through endpoints the spec does not have (Zulip's /realm/domains,
 * its billing pages, its Zoom authorisation, its default channel groups), so that no test could cause their events: the reference control changes it on a throw-away
 * organization, and a state watcher applies the events real servers send and compares its state with a fresh
 * register (the state invariant, for events nothing else exercises). Not verifiable without a control.
 */

/** A watcher of `role` on a throw-away organization, `act` through its control, then the comparison: `events` among those applied. */
async function watchedControl(
  t: TestContext,
  role: PersonaRole,
  events: readonly string[],
  act: (control: ReferenceControl, org: Throwaway) => Promise<void>,
): Promise<void> {
  await onControlledThrowaway(t, async (org, control) => {
    const watch = await ownWatcher(t, org.target, role);
    await act(control, org);
    const record = await watch.check(t.exchanges);
    const missing = events.filter((e) => !record.reduced.includes(e));
    t.expect.ok(
      missing.length === 0,
      `the watcher to receive and apply ${events.join(", ")}`,
      `missing ${missing.join(", ")}; applied ${record.reduced.join(", ") || "none"}`,
    );
  });
}

behaviour(
  INVARIANT_CLAUSE,
  "sign-up domains added, changed and removed (the reference control): realm_domains events keep a client's realm_domains current",
  {
    id: "fl153.events.state-consistency#sign-up-domains-added-changed-and-removed-the-reference-control-realm-domains-events-keep-a-client-s-realm-domains-current",
    gate: "always",
  },
  async (t) => {
    await watchedControl(t, "member", ["realm_domains/add", "realm_domains/change", "realm_domains/remove"], async (control) => {
      const changes = [
        { op: "add", domain: "one.example", allow_subdomains: false },
        { op: "add", domain: "two.example", allow_subdomains: true },
        { op: "change", domain: "one.example", allow_subdomains: true },
        { op: "remove", domain: "two.example" },
      ] as const;
      for (const change of changes) {
        if (!(await control.changeRealmDomain(change)))
          throw new HarnessError(`the reference control did not ${change.op} the sign-up domain ${change.domain}`);
      }
    });
  },
);

behaviour(
  INVARIANT_CLAUSE,
  "a sponsorship request made and answered (the reference control): realm_billing events keep the billing manager's realm_billing current",
  {
    id: "fl153.events.state-consistency#a-sponsorship-request-made-and-answered-the-reference-control-realm-billing-events-keep-the-billing-manager-s-realm-billing-current",
    needs: ["administrator"],
    gate: "always",
  },
  async (t) => {
    await watchedControl(t, "administrator", ["realm_billing"], async (control) => {
      // Register has realm_billing from the level can_manage_billing_group came (Zulip's FL363), which the spec does not name.
      if (!(await control.setSponsorshipPending(true))) throw new NotApplicableError("the server has no realm_billing at this level (Zulip's FL363)");
      await control.setSponsorshipPending(false);
      await control.setSponsorshipPending(true);
    });
  },
);

behaviour(
  INVARIANT_CLAUSE,
  "a user's Zoom authorisation revoked and granted again (the reference control): has_zoom_token events keep the user's has_zoom_token current",
  {
    id: "fl153.events.state-consistency#a-user-s-zoom-authorisation-revoked-and-granted-again-the-reference-control-has-zoom-token-events-keep-the-user-s-has-zoom-token-current",
    gate: "always",
  },
  async (t) => {
    await watchedControl(t, "member", ["has_zoom_token"], async (control, org) => {
      const member = org.target.personas.member!.userId;
      if (!(await control.setZoomToken(member, false))) throw new HarnessError("the reference control did not revoke the member's Zoom token");
      if (!(await control.setZoomToken(member, true))) throw new HarnessError("the reference control did not grant the member's Zoom token again");
      await control.setZoomToken(member, false);
    });
  },
);

behaviour(
  INVARIANT_CLAUSE,
  "default channel groups made and removed (the reference control): default_stream_groups events keep a client's realm_default_stream_groups current",
  {
    id: "fl153.events.state-consistency#default-channel-groups-made-and-removed-the-reference-control-default-stream-groups-events-keep-a-client-s-realm-default-stream-groups-current",
    gate: "always",
  },
  async (t) => {
    await watchedControl(t, "member", ["default_stream_groups"], async (control, org) => {
      const { streams } = await t.on(org.target).must("list the channels", org.api("member").get("/streams"));
      const ids = (streams as Array<{ stream_id: number; invite_only: boolean }>).filter((c) => !c.invite_only).map((c) => c.stream_id);
      if (ids.length < 2) throw new HarnessError("the throw-away organization has fewer than two public channels");
      const changes = [
        { op: "add", name: "newcomers", description: "where to start", stream_ids: ids.slice(0, 2) },
        { op: "add", name: "one more", description: "", stream_ids: ids.slice(0, 1) },
        { op: "remove", name: "newcomers" },
      ] as const;
      for (const change of changes) {
        if (!(await control.changeDefaultChannelGroup(change.op === "add" ? { ...change, stream_ids: [...change.stream_ids] } : change)))
          throw new HarnessError(`the reference control did not ${change.op} the default channel group ${change.name}`);
      }
    });
  },
);
