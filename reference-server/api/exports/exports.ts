import { z } from "zod";
import { publishRealmExports } from "../../events/realm-export.ts";
import { badRequest, mustBeAdministrator } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { EXPORT_TYPE } from "../../state/exports.ts";
import { USER_SETTING_BY_NAME } from "../../state/user-settings.ts";
import { serializeExport } from "../../wire/export.ts";

const ExportType = z.union([z.literal(EXPORT_TYPE.public), z.literal(EXPORT_TYPE.standard)]);

function requireExporter(ctx: RequestContext): void {
  if (!ctx.rt.access.canExportRealm(ctx.user)) throw mustBeAdministrator();
}

/**
 * POST /export/realm: the reference server finishes the export at once (a plausible export_url, no tarball).
 * export_type from FL304 (1 public, 2 standard); the response carries the export's id from FL182.
 */
function startExport(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  requireExporter(ctx);
  const exportType = rt.fl.has("exportTypeParam") ? (params.optJson("export_type", ExportType) ?? EXPORT_TYPE.public) : EXPORT_TYPE.public;
  const now = rt.store.clock();
  const record = rt.store.exports.add({
    actingUserId: user.id,
    exportTime: now,
    deletedTimestamp: null,
    failedTimestamp: null,
    exportUrl: null,
    pending: false,
    exportType,
  });
  record.exportUrl = `${rt.url}/user_avatars/exports/${rt.store.realm.stringId}-export-${record.id}.tar.gz`;
  publishRealmExports(rt);
  return rt.fl.has("exportCreateReturnsId") ? { id: record.id } : {};
}

function listExports(ctx: RequestContext): Record<string, unknown> {
  requireExporter(ctx);
  return { exports: [...ctx.rt.store.exports.byId.values()].map((e) => serializeExport(ctx.rt, e)) };
}

/** DELETE /export/realm/{export_id}: marks it deleted (it stays listed with deleted_timestamp). */
function deleteExport(ctx: RequestContext): Record<string, unknown> {
  const { rt } = ctx;
  requireExporter(ctx);
  const record = rt.store.exports.byId.get(Number(ctx.path.export_id));
  if (!record || record.deletedTimestamp !== null) throw badRequest("Invalid data export ID");
  record.deletedTimestamp = rt.store.clock();
  record.exportUrl = null;
  publishRealmExports(rt);
  return {};
}

/** Whether the user allows administrators to export their private data (the FL293 user setting, false without it). */
export function consented(ctx: RequestContext, userId: number): boolean {
  return USER_SETTING_BY_NAME.has("allow_private_data_export") && ctx.rt.store.userSettings.get(userId, "allow_private_data_export") === true;
}

/** GET /export/realm/consents (FL295): every active human user's consent to private-data export. */
function listConsents(ctx: RequestContext): Record<string, unknown> {
  const { rt } = ctx;
  requireExporter(ctx);
  const users = [...rt.store.users.values()].filter((u) => u.isActive && !u.isBot);
  return { export_consents: users.map((u) => ({ user_id: u.id, consented: consented(ctx, u.id) })) };
}

export const routes: Route[] = [
  authed("POST", "/export/realm", startExport),
  authed("GET", "/export/realm", listExports),
  authed("GET", "/export/realm/consents", listConsents, { level: "exportConsentsEndpoint" }),
  authed("DELETE", "/export/realm/:export_id(^\\d+$)", deleteExport),
];
