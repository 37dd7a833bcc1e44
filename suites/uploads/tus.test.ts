import { defineSuite } from "../../src/expect/suite.ts";
import { TusCompletion } from "../../src/schemas/upload.ts";
import { tusRequest, tusUpload } from "../support/tus.ts";
import { download, maxUploadMib, MIB, textFile, uploaded } from "../support/uploads.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

const ANY_AUTH_CODE = ["UNAUTHORIZED", "INVALID_API_KEY", "USER_DEACTIVATED", "REALM_DEACTIVATED"];
const CHUNK = 1024;

/** `filename <base64>,filetype <base64>`: tus metadata (the tus protocol's Upload-Metadata header). */
const metadata = (filename: string) => `filename ${Buffer.from(filename).toString("base64")},filetype ${Buffer.from("text/plain").toString("base64")}`;

/** The realm part of an address: `/user_uploads/<realm_id>/`. */
const realmPart = (address: string) => address.split("/").slice(0, 3).join("/");

behaviour(
  "fl295.uploads.tus-endpoint",
  "a tus client uploads a file in small chunks; it becomes an upload like one of POST /user_uploads",
  { id: "fl295.uploads.tus-endpoint#a-tus-client-uploads-a-file-in-small-chunks-it-becomes-an-upload-like-one-of-post-user-uploads" },
  async (t) => {
    const text = `${t.unique("tus")} `.repeat(400);
    const data = Buffer.from(text);
    const name = "résumé tus.txt";
    const outcome = await tusUpload(t, "member", { data, filename: name, filetype: "text/plain", chunkSize: CHUNK });
    t.expect.ok(outcome.ok, "the tus upload to complete", `${outcome.error ?? ""} (HTTP ${outcome.status})`, outcome.exchange);
    t.expect.ok(
      outcome.patches >= Math.ceil(data.length / CHUNK),
      `the file to go in ${Math.ceil(data.length / CHUNK)} PATCH requests of ${CHUNK} bytes`,
      outcome.patches,
    );
    let parsed: unknown;
    try {
      parsed = JSON.parse(outcome.body);
    } catch {
      parsed = outcome.body;
    }
    const done = t.expect.schema(TusCompletion, parsed, outcome.exchange, "the body of the response that completes the upload");
    t.expect.equal(done.filename, name, "filename of the completed upload", outcome.exchange);
    const posted = await uploaded(t, "member", textFile(t, "posted.txt", "like-post"));
    t.expect.equal(realmPart(done.url), realmPart(posted.address), "the tus upload's address, in the form of a POST /user_uploads address", outcome.exchange);
    const got = await download(t, "member", done.url);
    t.expect.equal(got.status, 200, "the status of GET of the tus upload's address", got.exchange);
    t.expect.equal(got.text, text, "the bytes the tus upload's address serves", got.exchange);
  },
);

behaviour(
  ["fl295.uploads.tus-endpoint", "fl295.uploads.tus-requires-auth"],
  "before FL295 there is no /api/v1/tus (404)",
  { id: "fl295.uploads.tus-endpoint#before-fl295-there-is-no-api-v1-tus-404", gate: "before" },
  async (t) => {
    const res = await tusRequest(t, "member", "POST", "/api/v1/tus", { "upload-length": "4", "upload-metadata": metadata("old.txt") });
    t.expect.equal(res.status, 404, "the status of POST /api/v1/tus", res.exchange);
  },
);

behaviour(
  "fl295.uploads.tus-requires-auth",
  "tus requests without valid credentials get 401: creating an upload, and completing one",
  { id: "fl295.uploads.tus-requires-auth#tus-requests-without-valid-credentials-get-401-creating-an-upload-and-completing-one" },
  async (t) => {
    const anonymous = await tusUpload(t, null, { data: Buffer.from("anonymous"), filename: "anonymous.txt", filetype: "text/plain" });
    t.expect.equal(anonymous.status, 401, "the status of a tus upload without credentials", anonymous.exchange);
    const m = t.persona("member");
    const wrongKey = `Basic ${Buffer.from(`${m.email}:${"A".repeat(32)}`).toString("base64")}`;
    const forged = await tusUpload(t, "member", { data: Buffer.from("forged"), filename: "forged.txt", filetype: "text/plain", authorization: wrongKey });
    t.expect.equal(forged.status, 401, "the status of a tus upload with a wrong API key", forged.exchange);

    const created = await t.given("create a tus upload with credentials", async () => {
      const res = await tusRequest(t, "member", "POST", "/api/v1/tus", { "upload-length": "4", "upload-metadata": metadata("later.txt") });
      t.expect.equal(res.status, 201, "the status of the creating request", res.exchange);
      const location = res.headers.location;
      t.expect.ok(location !== undefined, "a Location header", "none", res.exchange);
      return new URL(location!, t.target.url).pathname;
    });
    const finishing = await tusRequest(t, null, "PATCH", created, { "upload-offset": "0" }, "data");
    t.expect.error(finishing, 401, ANY_AUTH_CODE);
  },
);

behaviour(
  ["fl295.uploads.tus-endpoint", "fl153.uploads.max-file-upload-size"],
  "tus refuses an Upload-Length over max_file_upload_size_mib with 413 and keeps nothing",
  { id: "fl295.uploads.tus-endpoint#tus-refuses-an-upload-length-over-max-file-upload-size-mib-with-413-and-keeps-nothing" },
  async (t) => {
    const limit = await maxUploadMib(t);
    const res = await tusRequest(t, "member", "POST", "/api/v1/tus", {
      "upload-length": String(limit * MIB + 1),
      "upload-metadata": metadata("too-large.bin"),
    });
    t.expect.equal(res.status, 413, "the status of creating an upload one byte over the limit", res.exchange);
    t.expect.absent(res.headers, "location", res.exchange);
  },
);
