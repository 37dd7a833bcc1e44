import { ApiClient, type ApiResponse } from "../../src/client/client.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { UploadResponse } from "../../src/schemas/upload.ts";
import type { PersonaRole } from "../../src/target/personas.ts";

export const MIB = 1024 * 1024;

export interface TestFile {
  name: string;
  type: string;
  data: Uint8Array;
}

/** A small UTF-8 text file with content no other test uses. */
export function textFile(t: TestContext, name: string, label = "file"): TestFile & { text: string } {
  const text = `conformance upload ${t.unique(label)} ✓\n`;
  return { name, type: "text/plain", data: new TextEncoder().encode(text), text };
}

/** POST /user_uploads with the files as multipart parts (fields file0, file1, … unless given). */
export function postUpload(t: TestContext, role: PersonaRole | null, files: TestFile[], fields?: string[]): Promise<ApiResponse> {
  return t.api(role).post(
    "/user_uploads",
    {},
    {
      encoding: "multipart",
      files: files.map((f, i) => ({ field: fields?.[i] ?? `file${i}`, filename: f.name, contentType: f.type, data: f.data })),
    },
  );
}

/** Uploads one file as a prerequisite; returns the response body and the address (url, or uri on older servers). */
export async function uploaded(t: TestContext, role: PersonaRole, file: TestFile): Promise<{ body: UploadResponse; address: string }> {
  return t.given("upload a file with POST /user_uploads", async () => {
    const res = await postUpload(t, role, [file]);
    const body = t.expect.schema(UploadResponse, t.expect.success(res), res.exchange, "the upload response");
    const address = body.url ?? body.uri;
    if (address === undefined) t.expect.fail("the upload response to give the address as url or uri", "neither", res.exchange);
    return { body, address };
  });
}

/**
 * GET of an upload's address (relative to the server's root) with the persona's credentials. A redirect (real
 * servers with cloud storage answer one) is followed once, without credentials, as a browser would.
 */
export async function download(t: TestContext, role: PersonaRole | null, address: string): Promise<ApiResponse> {
  const res = await t.api(role).get(`/${address}`);
  const location = res.headers.location;
  if (res.status < 300 || res.status >= 400 || location === undefined) return res;
  const target = new URL(location, t.target.url);
  const client = new ApiClient(target.origin, null, (ex) => t.exchanges.push(ex));
  return client.get(`/${target.pathname}${target.search}`);
}

/** max_file_upload_size_mib from POST /register (the realm section). */
export async function maxUploadMib(t: TestContext): Promise<number> {
  return t.given("read max_file_upload_size_mib from POST /register", async () => {
    const { body } = await t.register("member", { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
    const mib = body.max_file_upload_size_mib;
    t.expect.ok(typeof mib === "number" && Number.isInteger(mib) && mib >= 0, "max_file_upload_size_mib to be a whole number of MiB", mib);
    return mib as number;
  });
}
