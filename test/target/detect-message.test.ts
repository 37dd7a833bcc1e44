import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { detectTarget, TargetError } from "../../src/target/detect.ts";

/**
 * "does not look like a chat server" says what was wrong with GET /api/v1/server_settings (fl153.server.settings is
 * what a target must answer first): the status, a body that is not JSON (its content type and a snippet), JSON
 * without `result`, a result other than success.
 */
const answers: Record<string, { status: number; type: string; body: string }> = {
  "/html": { status: 404, type: "text/html", body: "<html><body>Not Found</body></html>" },
  "/empty": { status: 200, type: "text/plain", body: "" },
  "/no-result": { status: 200, type: "application/json", body: '{"zulip_version":"9.0"}' },
  "/error": { status: 200, type: "application/json", body: '{"result":"error","msg":"Not logged in","code":"UNAUTHORIZED"}' },
  "/success-500": { status: 500, type: "application/json", body: '{"result":"success"}' },
};

/** detectTarget against a server that answers every request with one of the answers above. */
async function refusal(name: keyof typeof answers): Promise<{ base: string; message: string }> {
  const a = answers[name]!;
  const server: Server = createServer((_req, res) => res.writeHead(a.status, { "content-type": a.type }).end(a.body));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const e = await detectTarget({ kind: "url", url: base, personas: {} }).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(TargetError);
    return { base, message: (e as Error).message };
  } finally {
    await new Promise<void>((done) => server.close(() => done()));
  }
}

describe("a target that does not look like a chat server (fl153.server.settings) is told what was wrong", () => {
  it("the status, and a body that is not JSON with its content type and a snippet", async () => {
    const html = await refusal("/html");
    expect(html.message).toBe(
      `${html.base} does not look like a chat server: GET /api/v1/server_settings answered HTTP 404 (want 200) with a body that is not a JSON object (text/html): "<html><body>Not Found</body></html>"`,
    );
    expect((await refusal("/empty")).message).toMatch(/answered HTTP 200 with a body that is not a JSON object \(text\/plain\): empty$/);
  });

  it("JSON without a result field, and a result that is not success", async () => {
    expect((await refusal("/no-result")).message).toMatch(
      /answered HTTP 200 with JSON that has no "result" field \(want "result": "success"\): "\{\\"zulip_version\\":\\"9.0\\"\}"$/,
    );
    expect((await refusal("/error")).message).toMatch(/answered HTTP 200 with "result": "error", not "success" \(code UNAUTHORIZED, "Not logged in"\)$/);
    expect((await refusal("/success-500")).message).toMatch(/answered HTTP 500 \(want 200\), though its body says "result": "success"$/);
  });
});
