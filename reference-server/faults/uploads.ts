import type { Fault } from "./fault.ts";

/** Uploads: each fault breaks one clause (see ../faults.ts). */
export const uploadsFaults = {
  "fl272.uploads.url": {
    clause: "fl272.uploads.url",
    description: "the POST /user_uploads response has no url, as before FL272",
    flips: "uploadUrlField",
  },
  "fl272.uploads.url#download": {
    clause: "fl272.uploads.url",
    description: "GET of an upload's address answers 404, even to its uploader",
  },
  "fl272.uploads.uri-alias": {
    clause: "fl272.uploads.uri-alias",
    description: "the POST /user_uploads response drops the deprecated uri from FL272 on",
  },
  "fl286.uploads.filename": {
    clause: "fl286.uploads.filename",
    description: "the POST /user_uploads response has no filename, as before FL286",
    flips: "uploadFilenameField",
  },
  "fl286.uploads.filename#address-name": {
    clause: "fl286.uploads.filename",
    description: "filename is the cleaned-up name of the address, not the uploaded file's name",
  },
  "fl295.uploads.tus-endpoint": {
    clause: "fl295.uploads.tus-endpoint",
    description: "there is no /api/v1/tus, as before FL295",
    flips: "tusEndpoint",
  },
  "fl295.uploads.tus-endpoint#finish-body": {
    clause: "fl295.uploads.tus-endpoint",
    description: "the request that finishes a tus upload answers 204 without {url, filename}",
  },
  "fl295.uploads.tus-requires-auth": {
    clause: "fl295.uploads.tus-requires-auth",
    description: "tus checks credentials only when an upload is created: PATCH and HEAD need none",
  },
  "fl153.uploads.max-file-upload-size": {
    clause: "fl153.uploads.max-file-upload-size",
    description: "POST /user_uploads accepts files up to twice max_file_upload_size_mib",
  },
  "fl153.uploads.max-file-upload-size#tus": {
    clause: "fl153.uploads.max-file-upload-size",
    description: "the tus endpoint ignores max_file_upload_size_mib",
  },
  "fl153.uploads.one-file": {
    clause: "fl153.uploads.one-file",
    description: "POST /user_uploads with two files keeps the first instead of refusing the request",
  },
  // Only the reference control can bring this about (suites/support/control.ts drives it): a small upload quota.
  "fl153.uploads.upload-quota": {
    clause: "fl153.uploads.upload-quota",
    description: "uploads past the organization's quota are accepted",
  },
} as const satisfies Record<string, Fault>;
