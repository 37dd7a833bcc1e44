import { z } from "zod";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { UnverifiableError } from "../../src/expect/failure.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import type { ApiResponse } from "../../src/client/client.ts";
import { needControl } from "../support/control.ts";
import { throwawayOrganization, type Throwaway } from "../support/throwaway.ts";
import { ownWatcher } from "../support/watch.ts";
import { ignoredOf } from "../support/ignored.ts";

/**
 * POST /realm/deactivate (FL332: optional deletion_delay_days within the server's bounds). Destructive: every
 * test runs on a throw-away organization of its own (the catalog's ruling), never on the shared one.
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["owner"] });

async function onThrowaway(t: TestContext, fn: (org: Throwaway) => Promise<void>): Promise<void> {
  const org = await t.given("start a throw-away organization", () => throwawayOrganization(t));
  try {
    await fn(org);
  } finally {
    await org.close();
  }
}

const bound = z.number().int().nullable();

/** server_{min,max}_deactivated_realm_deletion_days of the organization's register response. */
async function bounds(t: TestContext, org: Throwaway): Promise<{ min: number | null; max: number | null }> {
  const res = await org.api("owner").post("/register", { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
  const body = await t.given("read the deletion-days bounds from POST /register", async () => t.expect.success(res));
  return {
    min: t.expect.schema(bound, body.server_min_deactivated_realm_deletion_days ?? null, res.exchange, "server_min_deactivated_realm_deletion_days"),
    max: t.expect.schema(bound, body.server_max_deactivated_realm_deletion_days ?? null, res.exchange, "server_max_deactivated_realm_deletion_days"),
  };
}

/** After deactivation the organization's credentials no longer work (401). */
async function expectDeactivated(t: TestContext, org: Throwaway): Promise<void> {
  t.expect.error(await org.api("owner").get("/users/me"), 401, ["UNAUTHORIZED", "REALM_DEACTIVATED"]);
}

/** How soon the watcher's poll ends with a heartbeat if the deactivation sends it nothing. */
const WATCHER_HEARTBEAT_S = 5;

/**
 * POST /realm/deactivate by the owner while a state watcher of the owner waits on its queue, as a client does: the
 * realm/deactivated event reaches polls already waiting, and a poll that starts after the deactivation is answered
 * 401 like every request of the organization. The watcher applies the event and compares: it changes no register
 * state, so nothing is left to refetch (nothing could be). A poll that ends without it leaves the watcher unable to
 * compare (the test's invariant record says skipped), never a failure: the spec names no such event.
 */
async function deactivateWatched(t: TestContext, org: Throwaway, params: ParamMap): Promise<ApiResponse> {
  const watch = await ownWatcher(t, org.target, "owner");
  await needControl(t, org.target).setQueueHeartbeat(watch.queueId, WATCHER_HEARTBEAT_S);
  const waiting = watch.poll((WATCHER_HEARTBEAT_S + 10) * 1000).catch(() => []);
  // A request answered after the poll was sent: the server (one thread) has taken the poll in, and holds it, before
  // the deactivation comes.
  await t.must("GET /users/me before the deactivation", org.api("owner").get("/users/me"));
  const res = await org.api("owner").post("/realm/deactivate", params);
  await waiting;
  await watch.check(t.exchanges);
  return res;
}

behaviour(
  "fl332.realm.deactivate-deletion-delay",
  "POST /realm/deactivate takes deletion_delay_days and deactivates the organization",
  { id: "fl332.realm.deactivate-deletion-delay#post-realm-deactivate-takes-deletion-delay-days-and-deactivates-the-organization" },
  async (t) => {
    await onThrowaway(t, async (org) => {
      const { min, max } = await bounds(t, org);
      const days = Math.min(Math.max(min ?? 0, 30), max ?? Number.MAX_SAFE_INTEGER);
      const res = await deactivateWatched(t, org, { deletion_delay_days: days });
      const body = t.expect.success(res, "POST /realm/deactivate");
      t.expect.ok(
        !ignoredOf(body).includes("deletion_delay_days"),
        "deletion_delay_days to be read, not ignored",
        body.ignored_parameters_unsupported,
        res.exchange,
      );
      await expectDeactivated(t, org);
    });
  },
);

behaviour(
  ["fl332.realm.deactivate-deletion-delay", "fl332.realm.deletion-delay-bounds", "fl167.server.ignored-parameters-unsupported"],
  "before FL332 POST /realm/deactivate ignores deletion_delay_days, whatever its value",
  { id: "fl332.realm.deactivate-deletion-delay#before-fl332-post-realm-deactivate-ignores-deletion-delay-days-whatever-its-value", gate: "before" },
  async (t) => {
    await onThrowaway(t, async (org) => {
      const res = await deactivateWatched(t, org, { deletion_delay_days: 1 });
      const body = t.expect.success(res, "POST /realm/deactivate");
      if (t.fl.atLeast(167))
        t.expect.ok(ignoredOf(body).includes("deletion_delay_days"), "deletion_delay_days in ignored_parameters_unsupported", body, res.exchange);
      await expectDeactivated(t, org);
    });
  },
);

behaviour(
  "fl332.realm.deletion-delay-bounds",
  "deletion_delay_days outside the server's bounds is refused and the organization stays active",
  { id: "fl332.realm.deletion-delay-bounds#deletion-delay-days-outside-the-server-s-bounds-is-refused-and-the-organization-stays-active" },
  async (t) => {
    await onThrowaway(t, async (org) => {
      const { min, max } = await bounds(t, org);
      const outside = [...(min !== null && min > 0 ? [min - 1] : []), ...(max !== null ? [max + 1] : [])];
      if (outside.length === 0) {
        throw new UnverifiableError({
          reason: "the server's deletion-days bounds (no maximum, minimum 0) leave no value to refuse",
          remedy: "run against a server configured with a maximum (or a minimum above 0) for deletion_delay_days",
        });
      }
      for (const days of outside) {
        t.expect.error(await org.api("owner").post("/realm/deactivate", { deletion_delay_days: days }), 400, "BAD_REQUEST");
        t.expect.success(await org.api("owner").get("/users/me"), `GET /users/me after a refused deletion_delay_days ${days}`);
      }
    });
  },
);
