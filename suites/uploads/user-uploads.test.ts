import { defineSuite } from "../../src/expect/suite.ts";
import { UploadResponse } from "../../src/schemas/upload.ts";
import { download, postUpload, textFile, uploaded } from "../support/uploads.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

const ANY_AUTH_CODE = ["UNAUTHORIZED", "INVALID_API_KEY", "USER_DEACTIVATED", "REALM_DEACTIVATED"];

behaviour(
  "fl272.uploads.url",
  "POST /user_uploads answers url, the address that serves the uploaded bytes",
  { id: "fl272.uploads.url#post-user-uploads-answers-url-the-address-that-serves-the-uploaded-bytes" },
  async (t) => {
    const file = textFile(t, "notes.txt", "url");
    const res = await postUpload(t, "member", [file]);
    const body = t.expect.schema(UploadResponse, t.expect.success(res), res.exchange, "the upload response");
    const url = t.expect.present(body, "url", res.exchange) as string;
    const got = await download(t, "member", url);
    t.expect.equal(got.status, 200, "the status of GET url (with the uploader's credentials)", got.exchange);
    t.expect.equal(got.text, file.text, "the bytes GET url serves", got.exchange);
  },
);

behaviour(
  ["fl272.uploads.url", "fl272.uploads.uri-alias"],
  "before FL272 the upload response gives the address as uri only",
  { id: "fl272.uploads.url#before-fl272-the-upload-response-gives-the-address-as-uri-only", gate: "before" },
  async (t) => {
    const file = textFile(t, "notes.txt", "uri");
    const res = await postUpload(t, "member", [file]);
    const body = t.expect.schema(UploadResponse, t.expect.success(res), res.exchange, "the upload response");
    t.expect.absent(body, "url", res.exchange);
    const uri = t.expect.present(body, "uri", res.exchange) as string;
    const got = await download(t, "member", uri);
    t.expect.equal(got.text, file.text, "the bytes GET uri serves", got.exchange);
  },
);

behaviour(
  "fl272.uploads.uri-alias",
  "the upload response keeps uri, equal to url",
  { id: "fl272.uploads.uri-alias#the-upload-response-keeps-uri-equal-to-url" },
  async (t) => {
    const res = await postUpload(t, "member", [textFile(t, "notes.txt", "alias")]);
    const body = t.expect.schema(UploadResponse, t.expect.success(res), res.exchange, "the upload response");
    const uri = t.expect.present(body, "uri", res.exchange);
    t.expect.equal(uri, body.url, "uri (the deprecated alias of url)", res.exchange);
  },
);

/** A name whose space and accents an address has to spell differently. */
const ORIGINAL_NAME = "résumé final.txt";

behaviour(
  "fl286.uploads.filename",
  "the upload response has filename, the uploaded file's own name",
  { id: "fl286.uploads.filename#the-upload-response-has-filename-the-uploaded-file-s-own-name" },
  async (t) => {
    const res = await postUpload(t, "member", [textFile(t, ORIGINAL_NAME, "filename")]);
    const body = t.expect.schema(UploadResponse, t.expect.success(res), res.exchange, "the upload response");
    t.expect.equal(t.expect.present(body, "filename", res.exchange), ORIGINAL_NAME, "filename", res.exchange);
  },
);

behaviour(
  "fl286.uploads.filename",
  "before FL286 the upload response has no filename",
  { id: "fl286.uploads.filename#before-fl286-the-upload-response-has-no-filename", gate: "before" },
  async (t) => {
    const res = await postUpload(t, "member", [textFile(t, ORIGINAL_NAME, "no-filename")]);
    t.expect.absent(t.expect.success(res), "filename", res.exchange);
  },
);

behaviour(
  "fl153.uploads.one-file",
  "POST /user_uploads refuses a body without a file, a form body and two files with 400 BAD_REQUEST",
  { id: "fl153.uploads.one-file#post-user-uploads-refuses-a-body-without-a-file-a-form-body-and-two-files-with-400-bad-request", gate: "always" },
  async (t) => {
    const member = t.api("member");
    t.expect.error(await member.post("/user_uploads", { note: "no file here" }, { encoding: "multipart" }), 400, "BAD_REQUEST");
    t.expect.error(await member.post("/user_uploads", { file: "text, not a file" }), 400, "BAD_REQUEST");
    t.expect.error(await member.post("/user_uploads", {}, { rawBody: { contentType: "application/json", text: '{"file": "x"}' } }), 400, "BAD_REQUEST");
    const two = [textFile(t, "one.txt", "first"), textFile(t, "two.txt", "second")];
    t.expect.error(await postUpload(t, "member", two), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl153.uploads.one-file",
  "the one file may come under any field name, and may be empty",
  { id: "fl153.uploads.one-file#the-one-file-may-come-under-any-field-name-and-may-be-empty", gate: "always" },
  async (t) => {
    const named = textFile(t, "named.txt", "field-name");
    const res = await postUpload(t, "member", [named], ["attachment"]);
    t.expect.schema(UploadResponse, t.expect.success(res), res.exchange, "the upload response");
    const empty = await postUpload(t, "member", [{ name: "empty.txt", type: "text/plain", data: new Uint8Array() }]);
    const body = t.expect.schema(UploadResponse, t.expect.success(empty), empty.exchange, "the upload response");
    const got = await download(t, "member", (body.url ?? body.uri)!);
    t.expect.equal([got.status, got.text], [200, ""], "the status and bytes of the empty file", got.exchange);
  },
);

behaviour(
  ["fl153.authentication.missing-credentials", "fl153.uploads.one-file"],
  "POST /user_uploads without credentials gets 401, and an upload is not served to a client without them",
  {
    id: "fl153.authentication.missing-credentials#post-user-uploads-without-credentials-gets-401-and-an-upload-is-not-served-to-a-client-without-them",
    gate: "always",
  },
  async (t) => {
    t.expect.error(await postUpload(t, null, [textFile(t, "anonymous.txt", "anonymous")]), 401, ANY_AUTH_CODE);
    const { address } = await uploaded(t, "member", textFile(t, "private.txt", "private"));
    const got = await download(t, null, address);
    t.expect.ok(got.status === 401 || got.status === 403, "HTTP 401 or 403 for GET of the address without credentials", `HTTP ${got.status}`, got.exchange);
  },
);
