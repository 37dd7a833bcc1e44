import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { RealmExportConsentEvent } from "../../src/schemas/events/realm-export-consent.ts";
import { RealmExportEvent } from "../../src/schemas/events/realm-export.ts";
import { ExportConsentsResponse, RealmExportsResponse, type RealmExport } from "../../src/schemas/realm-export.ts";
import { eventsThrough } from "../support/events.ts";
import { freshUser } from "../support/users.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator"] });

/** Deletes the export when the test ends (DELETE /export/realm/{export_id}), when the server named it (FL182). */
function deleteExportLater(t: TestContext, body: Record<string, unknown>): void {
  const id = body.id;
  if (typeof id === "number") t.cleanup(`export ${id}`, () => t.api("administrator").delete(`/export/realm/${id}`));
}

/** GET /export/realm as the administrator, validated. */
async function exportsNow(t: TestContext): Promise<RealmExport[]> {
  const res = await t.api("administrator").get("/export/realm");
  return t.expect.schema(RealmExportsResponse, t.expect.success(res, "GET /export/realm"), res.exchange, "GET /export/realm").exports;
}

behaviour(
  "fl182.exports.create-returns-id",
  "POST /export/realm returns the new export's id from FL182 (listed by GET /export/realm)",
  { id: "fl182.exports.create-returns-id#post-export-realm-returns-the-new-export-s-id-from-fl182-listed-by-get-export-realm", gate: "always" as const },
  async (t) => {
    const res = await t.api("administrator").post("/export/realm", {});
    const body = t.expect.success(res, "POST /export/realm");
    deleteExportLater(t, body);
    if (!t.fl.atLeast(182)) {
      t.expect.absent(body, "id");
      return;
    }
    const id = t.expect.present(body, "id");
    t.expect.ok(Number.isInteger(id), "an integer id", id);
    const ids = (await exportsNow(t)).map((e) => e.id);
    t.expect.ok(ids.includes(id as number), `GET /export/realm to list export ${String(id)}`, ids);
  },
);

behaviour(
  ["fl304.exports.export-type-param", "fl304.exports.export-type-field"],
  "export_type chooses a standard export from FL304, and export records (GET /export/realm, realm_export) carry it; before, no export_type",
  {
    id: "fl304.exports.export-type-param#export-type-chooses-a-standard-export-from-fl304-and-export-records-get-export-realm-realm-export-carry-it-before-no-export-type",
    gate: "always" as const,
  },
  async (t) => {
    const { queue } = await t.register("administrator", { event_types: ["realm_export"], fetch_event_types: [] });
    const res = await t.api("administrator").post("/export/realm", { export_type: 2 });
    const body = t.expect.success(res, "POST /export/realm with export_type 2");
    deleteExportLater(t, body);
    // The event about this export (other exports, made or deleted, have events of their own).
    const listsIt = (e: Record<string, unknown>) =>
      typeof body.id !== "number" || ((e.exports ?? []) as Array<{ id?: number }>).some((x) => x.id === body.id) ? null : "without the new export";
    const [raw] = await queue.until([eventOf("realm_export", listsIt)]);
    const event = t.expect.schema(RealmExportEvent, raw, undefined, "realm_export event");
    const listed = await exportsNow(t);
    if (!t.fl.atLeast(304)) {
      for (const e of [...listed, ...event.exports]) t.expect.absent(e, "export_type");
      return;
    }
    const id = body.id as number;
    const record = listed.find((e) => e.id === id);
    t.expect.ok(
      record !== undefined,
      `GET /export/realm to list export ${id}`,
      listed.map((e) => e.id),
    );
    t.expect.equal(record!.export_type, 2, "export_type in GET /export/realm");
    t.expect.equal(event.exports.find((e) => e.id === id)?.export_type, 2, "export_type in the realm_export event");
    const bad = await t.api("administrator").post("/export/realm", { export_type: 9 });
    if (bad.json !== undefined) deleteExportLater(t, bad.json);
    t.expect.error(bad, 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl295.exports.consents-endpoint",
  "GET /export/realm/consents lists users' consent from FL295 (and does not exist before)",
  { id: "fl295.exports.consents-endpoint#get-export-realm-consents-lists-users-consent-from-fl295-and-does-not-exist-before", gate: "always" as const },
  async (t) => {
    if (!t.fl.atLeast(295)) {
      const res = await t.api("administrator").get("/export/realm/consents");
      t.expect.ok(res.status === 404, "HTTP 404: no such endpoint before FL295", res.status, res.exchange);
      return;
    }
    const user = await freshUser(t, "consenter");
    await t.must("PATCH /settings allow_private_data_export true", user.client.patch("/settings", { allow_private_data_export: true }));
    const res = await t.api("administrator").get("/export/realm/consents");
    const { export_consents } = t.expect.schema(ExportConsentsResponse, t.expect.success(res, "GET /export/realm/consents"), res.exchange);
    const entry = export_consents.find((c) => c.user_id === user.id);
    t.expect.ok(entry?.consented === true, `user ${user.id} listed as consented`, entry, res.exchange);
  },
);

behaviour(
  "fl312.exports.consent-event",
  "administrators get realm_export_consent when a user's consent changes, from FL312",
  { id: "fl312.exports.consent-event#administrators-get-realm-export-consent-when-a-user-s-consent-changes-from-fl312", gate: "always" as const },
  async (t) => {
    const user = await freshUser(t, "consenter");
    const { queue } = await t.register("administrator", { event_types: ["realm_export_consent", "message"], fetch_event_types: [] });
    await t.must("PATCH /settings allow_private_data_export true", user.client.patch("/settings", { allow_private_data_export: true }));
    if (t.fl.atLeast(312)) {
      const [raw] = await queue.until([eventOf("realm_export_consent", (e) => (e.user_id === user.id ? null : `user_id ${String(e.user_id)}`))]);
      const event = t.expect.schema(RealmExportConsentEvent, raw, undefined, "realm_export_consent event");
      t.expect.equal(event.consented, true, "consented");
      return;
    }
    const admin = t.persona("administrator");
    await t.must(
      "the administrator sends itself a message (a marker)",
      t.api("administrator").post("/messages", { type: "private", to: [admin.userId], content: "marker" }),
    );
    const seen = await eventsThrough(queue, eventOf("message"));
    t.expect.ok(
      !seen.some((e) => e.type === "realm_export_consent"),
      "no realm_export_consent before FL312",
      seen.map((e) => e.type),
    );
  },
);
