import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { AnyEvent } from "../../src/schemas/events/envelope.ts";
import { RealmUpdateDictEvent, RealmUpdateEvent } from "../../src/schemas/events/realm.ts";
import type { Throwaway } from "../support/throwaway.ts";
import { onControlledThrowaway } from "../support/control.ts";
import { eventsThrough } from "../support/events.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

// A plan change is billing, which no API of the spec makes: the reference control changes the plan of a throw-away
// organization (its limits change for every user); on real servers these tests are not verifiable.

/** A plan other than the fixture's self-hosted one (3: standard). */
const STANDARD = 3;

const dataOf = (ev: AnyEvent): Record<string, unknown> => (ev.data ?? {}) as Record<string, unknown>;
const planDict = eventOf("realm", (ev) => (dataOf(ev).plan_type === STANDARD ? null : "no plan_type in its data"), "update_dict");
const planUpdate = eventOf("realm", (ev) => (ev.property === "plan_type" ? null : `property ${String(ev.property)}`), "update");

/** max_file_upload_size_mib of a fresh register of the organization. */
async function maxUploadMib(t: TestContext, org: Throwaway): Promise<unknown> {
  const body = await t.must(
    "POST /register for the realm section",
    org.api("member").post("/register", { fetch_event_types: ["realm"], event_types: ["heartbeat"] }),
  );
  return body.max_file_upload_size_mib;
}

behaviour(
  "fl306.realm.plan-type-update-dict",
  "a plan change arrives in one realm update_dict event with upload_quota_mib (before FL306 a realm update event for plan_type)",
  {
    id: "fl306.realm.plan-type-update-dict#a-plan-change-arrives-in-one-realm-update-dict-event-with-upload-quota-mib-before-fl306-a-realm-update-event-for-plan-type",
    gate: "always",
  },
  async (t) => {
    await onControlledThrowaway(t, async (org, control) => {
      const { queue } = await t.register(org.api("member"), { event_types: ["realm"], fetch_event_types: [] });
      await control.changePlan({ plan_type: STANDARD, upload_quota_mib: 10_240 });
      if (t.fl.atLeast(306)) {
        const [ev] = await queue.until([planDict]);
        const dict = t.expect.schema(RealmUpdateDictEvent, ev, undefined, "the plan change's realm/update_dict event");
        t.expect.equal(dict.property, "default", "property of the plan change's update_dict event");
        t.expect.equal(dict.data.upload_quota_mib, 10_240, "upload_quota_mib beside plan_type in the update_dict data");
        return;
      }
      const [ev] = await queue.until([planUpdate]);
      const update = t.expect.schema(RealmUpdateEvent, ev, undefined, "the plan change's realm/update event");
      t.expect.equal(update.value, STANDARD, "value of the plan_type update event");
      // The optional extra_data of old servers held only the new quota.
      const extra = update.extra_data as Record<string, unknown> | undefined;
      if (extra !== undefined)
        t.expect.ok(extra.upload_quota === null || typeof extra.upload_quota === "number", "extra_data.upload_quota a number or null", extra);
    });
  },
);

behaviour(
  "fl306.realm.max-file-upload-size-update-dict",
  "from FL306 a plan that changes max_file_upload_size_mib says so in the update_dict data; before, the limit stays constant",
  {
    id: "fl306.realm.max-file-upload-size-update-dict#from-fl306-a-plan-that-changes-max-file-upload-size-mib-says-so-in-the-update-dict-data-before-the-limit-stays-constant",
    gate: "always",
  },
  async (t) => {
    await onControlledThrowaway(t, async (org, control) => {
      const before = await maxUploadMib(t, org);
      t.expect.ok(typeof before === "number", "max_file_upload_size_mib a number in POST /register", before);
      const wanted = (before as number) + 7;
      const { queue } = await t.register(org.api("member"), { event_types: ["realm"], fetch_event_types: [] });
      await control.changePlan({ plan_type: STANDARD, max_file_upload_size_mib: wanted });
      if (t.fl.atLeast(306)) {
        const [ev] = await queue.until([planDict]);
        t.expect.equal(dataOf(ev!).max_file_upload_size_mib, wanted, "max_file_upload_size_mib in the plan change's update_dict data");
        t.expect.equal(await maxUploadMib(t, org), wanted, "max_file_upload_size_mib of POST /register after the plan change");
        return;
      }
      const seen = await eventsThrough(queue, planUpdate);
      t.expect.equal(
        seen.filter((e) => "max_file_upload_size_mib" in dataOf(e)).map((e) => e.type),
        [],
        "events carrying max_file_upload_size_mib before FL306",
      );
      t.expect.equal(await maxUploadMib(t, org), before, "max_file_upload_size_mib (a constant before FL306) after a plan change");
    });
  },
);
