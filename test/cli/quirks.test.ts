import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_QUIRKS, QUIRKS, WIRE_QUIRKS } from "../../facts/quirks.ts";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";
import { CLI } from "../support/cli-entry.ts";

/**
 * The quirks from the command line (issue 25, items 1 and 2): `list --quirks`, `serve --quirks` and `proxy --inject`
 * as a user starts them: each firing one line, serve's log at GET /reference-control/quirks, and bad names a usage
 * error (exit 2) that says what is accepted.
 */
const ROOT = new URL("../../", import.meta.url).pathname;

function start(args: string[]): { child: ChildProcessWithoutNullStreams; out: () => string; err: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return { child, out: () => out, err: () => err, exit };
}

async function finished(args: string[]) {
  const c = start(args);
  const code = await c.exit;
  return { code, out: c.out(), err: c.err() };
}

/** Resolves once the text `read` gives matches, polling it; rejects with what came after a while. */
async function until(read: () => string, re: RegExp, what: string): Promise<RegExpExecArray> {
  const t0 = Date.now();
  while (Date.now() - t0 < 60_000) {
    const m = re.exec(read());
    if (m) return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`want ${what} (${re}); got:\n${read()}`);
}

const basic = (email: string, key: string) => ({ authorization: `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}` });

/** Registers through `base` and polls the queue (dont_block) until a poll is 400; the statuses in order. */
async function pollUntilExpired(base: string, auth: Record<string, string>): Promise<number[]> {
  const reg = await request(`${base}/api/v1/register`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
    body: "event_types=%5B%22message%22%5D",
  });
  const queue = ((await reg.body.json()) as { queue_id: string }).queue_id;
  const statuses: number[] = [];
  while (statuses.at(-1) !== 400 && statuses.length < 8) {
    const res = await request(`${base}/api/v1/events?queue_id=${encodeURIComponent(queue)}&last_event_id=-1&dont_block=true`, { headers: auth });
    await res.body.text();
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe("list --quirks", () => {
  it("prints every quirk with what it does and what a correct client does", async () => {
    const r = await finished(["list", "--quirks"]);
    expect(r.code).toBe(0);
    for (const q of QUIRKS) {
      expect(r.out).toContain(`${q.name}  (${q.kind}`);
      expect(r.out).toContain(`does:   ${q.does}`);
      expect(r.out).toContain(`client: ${q.client}`);
    }
    const json = await finished(["list", "--quirks", "--json"]);
    expect((JSON.parse(json.out) as { name: string }[]).map((q) => q.name)).toEqual(QUIRKS.map((q) => q.name));
  });

  it("takes only --json: another filter is a usage error", async () => {
    const r = await finished(["list", "--quirks", "--fl", "200"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--quirks takes only --json/);
  });
});

describe("bad quirk names are usage errors (exit 2)", () => {
  it("serve --quirks with an unknown name lists the wire and the data quirks", async () => {
    const r = await finished(["serve", "--port", "0", "--quirks", "rate-limit,nope"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown quirk 'nope'/);
    for (const q of [...WIRE_QUIRKS, ...DATA_QUIRKS]) expect(r.err).toContain(q);
  });

  it("serve --quirks-seed without --quirks", async () => {
    const r = await finished(["serve", "--port", "0", "--quirks-seed", "3"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--quirks-seed goes with --quirks/);
  });

  it("proxy --inject with a data quirk names it and says only serve makes it", async () => {
    const r = await finished(["proxy", "--target", "http://127.0.0.1:9", "--wait", "0", "--inject", "latency,no-messages"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/'no-messages' is a data quirk.*only serve --quirks makes it/);
  });

  it("proxy --inject with an unknown name lists the wire quirks", async () => {
    const r = await finished(["proxy", "--target", "http://127.0.0.1:9", "--wait", "0", "--inject", "slow"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown quirk 'slow'; the wire quirks are rate-limit, queue-expiry/);
  });
});

describe("serve --quirks", () => {
  it("makes a wire quirk in front and a data quirk in the organization; each fires a line and is in GET /reference-control/quirks", async () => {
    const reports = mkdtempSync(join(tmpdir(), "cc-serve-quirks-"));
    const c = start(["serve", "--port", "0", "--json", "--quirks", "queue-expiry,no-messages", "--quirks-seed", "2", "--out", reports]);
    try {
      const line = (await until(c.out, /^\{.*\}$/m, "serve's JSON line"))[0];
      const doc = JSON.parse(line) as { url: string; personas: Record<string, { email: string; apiKey: string }> };
      const owner = doc.personas.owner!;
      const statuses = await pollUntilExpired(doc.url, basic(owner.email, owner.apiKey));
      expect(statuses.at(-1), `the polls' statuses: ${statuses.join(", ")}`).toBe(400);
      expect(statuses.length).toBeGreaterThanOrEqual(3);
      await until(c.err, /^quirk queue-expiry: GET \/api\/v1\/events\?queue_id=\S+ answered 400 BAD_EVENT_QUEUE_ID/m, "the firing's line on stderr (--json)");
      const log = (await (await request(`${doc.url}/reference-control/quirks`)).body.json()) as {
        quirk: string;
        request: string;
        done: string;
        time: string;
      }[];
      expect(log.map((f) => f.quirk)).toContain("queue-expiry");
      expect(log.map((f) => f.quirk)).toContain("no-messages");
      expect(c.err().match(/^quirk no-messages: /gm) ?? [], "the data quirk's line, printed once").toHaveLength(1);
      expect(log.find((f) => f.quirk === "queue-expiry")!.request).toMatch(/^GET \/api\/v1\/events\?/);
      const settings = (await (await request(`${doc.url}/api/v1/server_settings`)).body.json()) as { realm_url?: string };
      expect(settings.realm_url, "the URL the server gives out is the front's, so that clients stay behind the quirks").toBe(doc.url);
    } finally {
      c.child.kill("SIGTERM");
    }
    expect(await c.exit).toBe(0);
    // The client's traffic judged on the client clauses, in the same report as run's.
    const results = JSON.parse(readFileSync(join(reports, "results.json"), "utf8")) as { tests: { area: string; clauses: string[] }[] };
    const rows = results.tests.filter((t) => t.area === "client");
    expect(rows.map((t) => t.clauses[0])).toContain("client.reregisters-after-bad-queue");
    expect(c.err()).toMatch(/clients: 1 judged/);
    rmSync(reports, { recursive: true, force: true });
  });

  it("--fail-on error: exit 1 when a client broke a must client clause (a naive client polling its dead queue)", async () => {
    const reports = mkdtempSync(join(tmpdir(), "cc-serve-fail-"));
    const c = start(["serve", "--port", "0", "--json", "--quirks", "queue-expiry", "--fail-on", "error", "--out", reports]);
    try {
      const doc = JSON.parse((await until(c.out, /^\{.*\}$/m, "serve's JSON line"))[0]) as {
        url: string;
        personas: Record<string, { email: string; apiKey: string }>;
      };
      const owner = doc.personas.owner!;
      const auth = basic(owner.email, owner.apiKey);
      await pollUntilExpired(doc.url, auth);
      const queue = (await until(c.err, /queue_id=([^&\s]+)/, "the firing's line"))[1]!;
      for (let i = 0; i < 3; i++)
        await (await request(`${doc.url}/api/v1/events?queue_id=${queue}&last_event_id=-1&dont_block=true`, { headers: auth })).body.text();
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      c.child.kill("SIGTERM");
    }
    expect(await c.exit, c.err()).toBe(1);
    expect(c.err()).toMatch(/client violation \[client\.reregisters-after-bad-queue\]/);
    rmSync(reports, { recursive: true, force: true });
  });

  it("--out and --fail-on go with --quirks", async () => {
    for (const flag of [
      ["--out", "x"],
      ["--fail-on", "error"],
    ]) {
      const r = await finished(["serve", "--port", "0", ...flag]);
      expect(r.code, flag.join(" ")).toBe(2);
      expect(r.err).toContain(`${flag[0]} goes with --quirks`);
    }
  });
});

describe("proxy --inject", () => {
  let target: ReferenceServer;
  let out: string;
  beforeAll(async () => {
    target = await createReferenceServer({ featureLevel: 372 });
    out = mkdtempSync(join(tmpdir(), "cc-inject-"));
  });
  afterAll(async () => {
    await target.close();
    rmSync(out, { recursive: true, force: true });
  });

  it("makes the quirk between a client and the server, prints its line, and counts the firings at the end", async () => {
    const c = start(["proxy", "--target", target.url, "--port", "0", "--out", out, "--inject", "queue-expiry", "--quirks-seed", "5"]);
    try {
      const url = (await until(c.err, /proxy: (http:\/\/\S+) →/, "the proxy's URL"))[1]!;
      expect(c.err()).toMatch(/making the wire quirks queue-expiry \(--quirks-seed 5\)/);
      const owner = target.personas.owner!;
      const statuses = await pollUntilExpired(url, basic(owner.email, owner.apiKey));
      expect(statuses.at(-1)).toBe(400);
      await until(c.out, /^quirk queue-expiry: GET \/api\/v1\/events\?\S+ answered 400 BAD_EVENT_QUEUE_ID/m, "the firing's line on stdout");
    } finally {
      c.child.kill("SIGINT");
    }
    expect(await c.exit).toBe(0);
    expect(c.err()).toMatch(/1 quirk firing: queue-expiry 1; each in /);
    const written = JSON.parse(readFileSync(join(out, "quirks.json"), "utf8")) as { quirk: string; done: string }[];
    expect(written.map((f) => f.quirk)).toEqual(["queue-expiry"]);
    expect(written[0]!.done).toMatch(/^answered 400 BAD_EVENT_QUEUE_ID/);
  });
});
