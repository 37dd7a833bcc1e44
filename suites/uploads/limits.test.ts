import { defineSuite } from "../../src/expect/suite.ts";
import { ErrorEnvelope } from "../../src/schemas/envelope.ts";
import { maxUploadMib, MIB, postUpload } from "../support/uploads.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

behaviour(
  "fl153.register.max-file-upload-size-mib",
  "POST /register has max_file_upload_size_mib, without the realm_ prefix",
  { id: "fl153.register.max-file-upload-size-mib#post-register-has-max-file-upload-size-mib-without-the-realm-prefix", gate: "always", mutates: false },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
    const mib = t.expect.present(body, "max_file_upload_size_mib");
    t.expect.ok(typeof mib === "number" && Number.isInteger(mib) && mib > 0, "max_file_upload_size_mib to be a positive whole number of MiB", mib);
    t.expect.absent(body, "realm_max_file_upload_size_mib");
  },
);

behaviour(
  "fl153.uploads.max-file-upload-size",
  "POST /user_uploads refuses a file one byte larger than max_file_upload_size_mib",
  { id: "fl153.uploads.max-file-upload-size#post-user-uploads-refuses-a-file-one-byte-larger-than-max-file-upload-size-mib", gate: "always" },
  async (t) => {
    const limit = await maxUploadMib(t);
    const res = await postUpload(t, "member", [{ name: "too-large.bin", type: "application/octet-stream", data: new Uint8Array(limit * MIB + 1) }]);
    t.expect.ok(
      res.status === 400 || res.status === 413,
      "HTTP 400 or 413 for a file over the limit",
      `HTTP ${res.status} ${res.text.slice(0, 200)}`,
      res.exchange,
    );
    if (res.json !== undefined) t.expect.schema(ErrorEnvelope, res.json, res.exchange, "the error envelope");
  },
);

/** Quotas are whole MiB: bytes are a multiple of 1048576; a count of MiB of any quota under 1 TiB is below it (see the rulings). */
const isMibCount = (v: number) => v >= 0 && v < MIB;
const isByteCount = (v: number) => v >= 0 && v % MIB === 0;

behaviour(
  "fl251.register.upload-quota-mib",
  "POST /register gives realm_upload_quota_mib in MiB, or null for no quota",
  { id: "fl251.register.upload-quota-mib#post-register-gives-realm-upload-quota-mib-in-mib-or-null-for-no-quota", mutates: false },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
    const quota = t.expect.present(body, "realm_upload_quota_mib");
    t.expect.ok(quota === null || (typeof quota === "number" && Number.isInteger(quota) && isMibCount(quota)), "null or a count of MiB (below 1048576)", quota);
  },
);

behaviour(
  "fl153.register.upload-quota-bytes",
  "before FL251 realm_upload_quota_mib counts bytes",
  { id: "fl153.register.upload-quota-bytes#before-fl251-realm-upload-quota-mib-counts-bytes", mutates: false },
  async (t) => {
    const { body } = await t.register("member", { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
    const quota = t.expect.present(body, "realm_upload_quota_mib");
    t.expect.ok(
      quota === null || (typeof quota === "number" && Number.isInteger(quota) && isByteCount(quota)),
      "null or a count of bytes (a multiple of 1048576)",
      quota,
    );
  },
);
