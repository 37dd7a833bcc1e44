import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendJson } from "../../reference-server/http/envelope.ts";

/**
 * The envelope writes the answers decided in one turn of the event loop together, after its I/O callbacks
 * (reference-server/http/envelope.ts). What a client sees must not change: each request gets its own answer, the
 * first answer decided for a response is the one written, and an answer that can no longer be written (its
 * connection gone, a header node refuses) costs that connection only.
 */
let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
  vi.restoreAllMocks();
});

async function serve(handler: (url: string, res: ServerResponse) => void): Promise<string> {
  server = createServer((req, res) => {
    req.resume();
    handler(req.url ?? "/", res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("answers written together", () => {
  it("gives each request its own answer, in full, when many are decided at once", async () => {
    const url = await serve((path, res) => sendJson(res, 200, { result: "success", msg: "", path, pad: "x".repeat(Number(path.slice(1)) * 100) }));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${url}/${i}`).then(async (r) => ({ status: r.status, body: (await r.json()) as { path: string; pad: string } })),
      ),
    );
    answers.forEach((a, i) => {
      expect(a.status).toBe(200);
      expect(a.body.path).toBe(`/${i}`);
      expect(a.body.pad).toHaveLength(i * 100);
    });
  });

  it("keeps the first answer decided for a response (a handler that answers, then fails)", async () => {
    const url = await serve((_path, res) => {
      sendJson(res, 200, { result: "success", msg: "first" });
      sendJson(res, 500, { result: "error", msg: "Internal server error" });
    });
    const res = await fetch(`${url}/`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: "success", msg: "first" });
  });

  it("drops the answer of a connection that closed before it was written, and goes on serving", async () => {
    const url = await serve((path, res) => {
      if (path === "/gone") res.destroy();
      sendJson(res, 200, { result: "success", msg: path });
    });
    await expect(fetch(`${url}/gone`)).rejects.toThrow();
    expect(await (await fetch(`${url}/next`)).json()).toEqual({ result: "success", msg: "/next" });
  });

  it("closes only the connection whose answer node refuses to write, and says why", async () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const url = await serve((path, res) => sendJson(res, 200, { result: "success", msg: path }, path === "/bad" ? { "x-broken": "a\nb" } : {}));
    await expect(fetch(`${url}/bad`)).rejects.toThrow();
    expect(stderr).toHaveBeenCalledWith(expect.stringContaining("could not write an answer"));
    expect(await (await fetch(`${url}/good`)).json()).toEqual({ result: "success", msg: "/good" });
  });
});
