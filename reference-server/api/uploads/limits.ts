import { publishRealmChanges } from "../../events/realm.ts";
import type { Runtime } from "../../runtime.ts";
import { REALM_SETTING_BY_NAME } from "../../state/realm-settings.ts";
import type { SettingValue } from "../../state/realm-values.ts";
import { MIB } from "../../state/uploads.ts";

/**
 * The organization's upload limits: the largest file (max_file_upload_size_mib) and the total space its files
 * may take (the quota, in MiB, null for none). Both are the server's to set (its configuration, the plan): rows of
 * the realm settings table marked `setBy: "server"`, which PATCH /realm does not read.
 */
export function maxUploadMib(rt: Runtime): number {
  return rt.store.settings.get("max_file_upload_size_mib") as number;
}

export function quotaMib(rt: Runtime): number | null {
  return rt.store.settings.get("upload_quota_mib") as number | null;
}

/** The largest file a multipart body may carry, in bytes (what the body parser stops at). */
export function multipartFileLimit(rt: Runtime): number {
  const bytes = maxUploadMib(rt) * MIB;
  return rt.faulty("fl153.uploads.max-file-upload-size") ? 2 * bytes : bytes;
}

/** The largest tus upload, in bytes; 0 means none (what @tus/server's maxSize takes). */
export function tusSizeLimit(rt: Runtime): number {
  return rt.faulty("fl153.uploads.max-file-upload-size#tus") ? 0 : maxUploadMib(rt) * MIB;
}

/** Whether `size` more bytes keep the organization within its quota. */
export function withinQuota(rt: Runtime, size: number): boolean {
  const quota = quotaMib(rt);
  // (fault: the quota is never checked)
  return quota === null || rt.faulty("fl153.uploads.upload-quota") || rt.store.uploads.usedBytes + size <= quota * MIB;
}

/**
 * The register fields (realm section): max_file_upload_size_mib without the realm_ prefix (every level), and
 * realm_upload_quota_mib, in MiB from FL251 and in bytes before it (the field kept its name; the unit was wrong).
 */
export function uploadLimitFields(rt: Runtime): Record<string, unknown> {
  const quota = quotaMib(rt);
  const maxKey = rt.faulty("fl153.register.max-file-upload-size-mib") ? "realm_max_file_upload_size_mib" : "max_file_upload_size_mib";
  return {
    [maxKey]: maxUploadMib(rt),
    realm_upload_quota_mib: quota === null || rt.fl.has("uploadQuotaInMib") ? quota : quota * MIB,
  };
}

export interface UploadLimitChanges {
  maxFileUploadSizeMib?: number;
  uploadQuotaMib?: number | null;
}

/**
 * The server changes the limits (a new configuration, a plan change). From FL306 clients learn it at once from one
 * realm update_dict event; before, max_file_upload_size_mib was a constant and clients saw changes only in a new
 * register (the old plan_type event with extra_data is not modelled: the reference server has no plans).
 */
export function setUploadLimits(rt: Runtime, changes: UploadLimitChanges): void {
  const wanted: Array<[string, SettingValue | undefined]> = [
    ["max_file_upload_size_mib", changes.maxFileUploadSizeMib],
    ["upload_quota_mib", changes.uploadQuotaMib],
  ];
  const changed = [];
  for (const [name, value] of wanted) {
    if (value === undefined || rt.store.settings.get(name) === value) continue;
    rt.store.settings.set(name, value);
    changed.push({ def: REALM_SETTING_BY_NAME.get(name)!, value });
  }
  if (changed.length > 0 && rt.fl.has("uploadLimitsInUpdateDict")) publishRealmChanges(rt, changed);
}
