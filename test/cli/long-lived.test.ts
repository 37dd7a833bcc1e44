import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResultsSchema, type Results } from "../../src/results/schema.ts";
import { CLI } from "../support/cli-entry.ts";
import { serveChild, type ServeLine } from "../support/serve-child.ts";

/**
 * A staging server that outlives runs (issue 22, item 7): a run cut off mid-way leaves what its cleanups never
 * removed, and the next run starts by finding it by the run prefix and removing it, says so, and is green; a run
 * against a server holding a large history is green, and leaves the member's unread count and messages as it
 * found them (its messages marked read and deleted).
 */

const ROOT = new URL("../../", import.meta.url).pathname;
const TIMEOUT_MS = 20 * 60_000;
/** Long enough into a run that its tests have made channels, groups, users and scheduled messages. */
const KILL_AFTER_MS = 15_000;

interface Served {
  doc: ServeLine;
  file: string;
  stop: () => Promise<unknown>;
}

interface Run {
  code: number | null;
  output: string;
  results?: Results;
}

/** `run --target` against the server; killed with SIGKILL after `killAfterMs` when given (no results then). */
function run(served: Served, out: string, killAfterMs?: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, "run", "--target", served.doc.url, "--personas", served.file, "--out", out], { cwd: ROOT });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (killAfterMs !== undefined) return resolve({ code, output });
      try {
        resolve({ code, output, results: ResultsSchema.parse(JSON.parse(readFileSync(join(out, "results.json"), "utf8"))) });
      } catch (e) {
        reject(new Error(`run exited ${code} without a valid results.json: ${(e as Error).message}\n${output.slice(-2000)}`));
      }
    });
  });
}

/** A request to the server as a persona; the body parsed. */
async function api(doc: ServeLine, who: string, method: string, path: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const p = doc.personas[who]!;
  const form = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]));
  const get = method === "GET";
  const res = await fetch(`${doc.url}/api/v1${path}${get ? `?${form}` : ""}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`,
      ...(get ? {} : { "content-type": "application/x-www-form-urlencoded" }),
    },
    ...(get ? {} : { body: form }),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** The member's unread count and how many messages it can read. */
async function memberHistory(doc: ServeLine): Promise<{ unread: number; messages: number }> {
  const reg = await api(doc, "member", "POST", "/register", { fetch_event_types: ["message", "update_message_flags"] });
  await api(doc, "member", "DELETE", "/events", { queue_id: reg.queue_id });
  let messages = 0;
  let anchor: number | string = 0;
  for (;;) {
    const page = await api(doc, "member", "GET", "/messages", {
      anchor,
      include_anchor: false,
      num_before: 0,
      num_after: 5000,
      narrow: [],
      apply_markdown: false,
    });
    const got = page.messages as Array<{ id: number }>;
    messages += got.length;
    if (page.found_newest === true || !got.length) break;
    anchor = got.at(-1)!.id;
  }
  return { unread: (reg.unread_msgs as { count: number }).count, messages };
}

/** Everything on the server named by some run (the clean run's own things included: its cleanups remove them too). */
async function prefixed(doc: ServeLine): Promise<string[]> {
  const runName = (n: unknown) => typeof n === "string" && /^cc[0-9a-z]{6,10}-/.test(n);
  const streams = (
    (await api(doc, "administrator", "GET", "/streams", { include_all: true })).streams as Array<{ name: string; is_archived?: boolean }>
  ).filter((s) => s.is_archived !== true && runName(s.name));
  const groups = ((await api(doc, "administrator", "GET", "/user_groups")).user_groups as Array<{ name: string; deactivated?: boolean }>).filter(
    (g) => g.deactivated !== true && runName(g.name),
  );
  const users = ((await api(doc, "administrator", "GET", "/users")).members as Array<{ email: string; is_active?: boolean }>).filter(
    (u) => u.is_active !== false && runName(u.email),
  );
  const scheduled = ((await api(doc, "member", "GET", "/scheduled_messages")).scheduled_messages as Array<{ topic?: string }>).filter((m) => runName(m.topic));
  return [
    ...streams.map((s) => `channel ${s.name}`),
    ...groups.map((g) => `group ${g.name}`),
    ...users.map((u) => `user ${u.email}`),
    ...scheduled.map((m) => `scheduled message in ${m.topic}`),
  ];
}

const problems = (r: Run) =>
  (r.results?.tests ?? [])
    .filter((t) => t.status === "fail" || t.status === "error" || t.status === "blocked")
    .map((t) => `${t.status} ${t.id}: ${(t.message ?? "").split("\n").slice(0, 20).join("\n")}`);

describe("a run cut off mid-way, then a clean run against the same serve", () => {
  const dir = mkdtempSync(join(tmpdir(), "cc-long-lived-"));
  let served: Served | undefined;
  let clean: Run | undefined;
  let before: { unread: number; messages: number } | undefined;
  let after: { unread: number; messages: number } | undefined;
  let left: string[] = [];
  const earlier = `cc${(Date.now() - 3_600_000).toString(36)}`;

  beforeAll(async () => {
    const { doc, line, stop } = await serveChild(["--heartbeat-seconds", "2"], ROOT);
    const file = join(dir, "serve.json");
    writeFileSync(file, line);
    served = { doc, file, stop };
    await run(served, join(dir, "killed"), KILL_AFTER_MS);
    // What a run an hour ago left besides, whatever the kill caught: a scheduled message that comes due during the
    // next run (a message event where a test waits for a heartbeat), a channel, a group, a user, an invitation.
    await api(doc, "member", "POST", "/users/me/subscriptions", { subscriptions: [{ name: `${earlier}-channel-1` }] });
    await api(doc, "member", "POST", "/scheduled_messages", {
      type: "direct",
      to: [doc.personas.secondMember!.userId],
      content: "x",
      scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 20,
    });
    await api(doc, "member", "POST", "/scheduled_messages", {
      type: "stream",
      to: "general",
      topic: `${earlier}-topic-1`,
      content: "later",
      scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    await api(doc, "administrator", "POST", "/user_groups/create", { name: `${earlier}-group-1`, description: "left", members: [doc.personas.member!.userId] });
    await api(doc, "administrator", "POST", "/users", { email: `${earlier}-user-1@lab.example`, password: "Pw-left-behind-1", full_name: "Left behind" });
    await api(doc, "administrator", "POST", "/invites", { invitee_emails: `${earlier}-invitee-1@invitees.example`, stream_ids: [] });
    before = await memberHistory(doc);
    clean = await run(served, join(dir, "clean"));
    after = await memberHistory(doc);
    left = await prefixed(doc);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await served?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the clean run is green (exit 0, conforming through FL 372)", () => {
    expect(clean!.code, problems(clean!).join("\n") || clean!.output.slice(-2000)).toBe(0);
    expect(clean!.results!.verifiedLevel).toBe(372);
  });

  it("it says what it removed of the earlier runs, in the console and in results.json", () => {
    const note = clean!.results!.target.notes.find((n) => n.startsWith("earlier runs: removed"));
    expect(note, clean!.results!.target.notes.join("\n")).toBeDefined();
    for (const kind of ["scheduled message", "channel", "group", "user", "invitation"]) expect(note).toContain(kind);
    expect(note).not.toContain("could not be removed");
    expect(clean!.output).toContain(`note: ${note}`);
  });

  it("nothing of the earlier runs is left on the server", () => {
    expect(left).toEqual([]);
  });

  it("the clean run leaves the member's unread count and messages as it found them", () => {
    expect(clean!.results!.leftovers ?? []).toEqual([]);
    expect(after).toEqual(before);
  });
});

describe("a run against a serve holding a large history", () => {
  const dir = mkdtempSync(join(tmpdir(), "cc-history-"));
  let served: Served | undefined;
  let result: Run | undefined;
  let before: { unread: number; messages: number } | undefined;
  let after: { unread: number; messages: number } | undefined;

  beforeAll(async () => {
    // serve as the CLI starts it, seeded through its store first (bench/seed-history.ts): 100,000 messages, about
    // 10,000 of them unread for each persona.
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "bench", "history-serve-child.ts")], {
      cwd: ROOT,
      env: { ...process.env, BENCH_HISTORY_MESSAGES: "100000", BENCH_HISTORY_UNREAD: "10000" },
    });
    const line = await new Promise<string>((resolve, reject) => {
      let buf = "";
      child.stdout.on("data", (d: Buffer) => {
        buf += d.toString();
        if (buf.includes("\n")) resolve(buf.split("\n")[0]!);
      });
      child.on("exit", (code) => reject(new Error(`the seeded serve exited ${code}: ${buf}`)));
    });
    const file = join(dir, "serve.json");
    writeFileSync(file, line);
    const stop = () =>
      new Promise<unknown>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : (child.on("exit", resolve), child.kill("SIGTERM"))));
    served = { doc: JSON.parse(line) as ServeLine, file, stop };
    before = await memberHistory(served.doc);
    result = await run(served, join(dir, "run"));
    after = await memberHistory(served.doc);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await served?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("holds the history the test means", () => {
    expect(before!.messages).toBeGreaterThan(90_000);
    expect(before!.unread).toBeGreaterThan(9_000);
  });

  it("the run is green (exit 0, conforming through FL 372)", () => {
    expect(result!.code, problems(result!).join("\n") || result!.output.slice(-2000)).toBe(0);
    expect(result!.results!.verifiedLevel).toBe(372);
  });

  it("the member's unread count and messages are as before the run, and nothing is left", () => {
    expect(result!.results!.leftovers ?? []).toEqual([]);
    expect(after).toEqual(before);
  });
});
