import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Results } from "../../src/results/schema.ts";
import { PERSONA_ROLES } from "../../src/target/personas.ts";
import { CLI } from "../support/cli-entry.ts";
import { serveChild, type ServeLine } from "../support/serve-child.ts";

/**
 * A server implementer with one account: `personas create` makes the other personas through the API (as Zulip
 * allows), a full `run --target` with the file it wrote is green and leaves nothing behind, `personas remove`
 * deactivates what it made, and run --target's check of the personas names each problem in one line (exit 2).
 */

const ROOT = new URL("../../", import.meta.url).pathname;
const TIMEOUT_MS = 15 * 60_000;

const seed = (canCreateUsers?: boolean) => ({
  realm: { name: "Solo", string_id: "solo", description: "", empty_topic_display_name: "general chat" },
  users: [
    {
      persona: "owner",
      full_name: "Olga Owner",
      email: "olga@solo.example",
      role: 100,
      ...(canCreateUsers !== undefined ? { can_create_users: canCreateUsers } : {}),
    },
  ],
  channels: [],
});

function cli(args: string[], env: NodeJS.ProcessEnv = {}): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [...CLI, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", CC_PERSONAS: "", ...env },
    timeout: TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const adminArgs = (doc: ServeLine) => ["--target", doc.url, "--admin-email", doc.personas.owner!.email, "--admin-api-key", doc.personas.owner!.apiKey];

describe("personas create, run with the made file, personas remove (serve seeded with an owner only)", () => {
  const dir = mkdtempSync(join(tmpdir(), "cc-personas-create-"));
  const file = join(dir, "personas.json");
  const stops: Array<() => Promise<number | null>> = [];
  let doc: ServeLine;
  let created: ReturnType<typeof cli>;
  let made: { personas: Record<string, { email: string; apiKey: string; userId: number }>; created: { users: number[]; bots: number[] } };
  let full: ReturnType<typeof cli>;
  let results: Results;

  beforeAll(async () => {
    writeFileSync(join(dir, "seed.json"), JSON.stringify(seed()));
    const served = await serveChild(["--heartbeat-seconds", "2", "--seed", join(dir, "seed.json")], ROOT);
    stops.push(served.stop);
    doc = served.doc;
    // serve's own line first: create completes that file, keeping its serverConfig (the reference control).
    writeFileSync(file, served.line);
    created = cli(["personas", "create", ...adminArgs(doc), "--out", file]);
    made = JSON.parse(readFileSync(file, "utf8")) as typeof made;
    full = cli(["run", "--target", doc.url, "--personas", file, "--out", join(dir, "run")]);
    results = JSON.parse(readFileSync(join(dir, "run", "results.json"), "utf8")) as Results;
  }, TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(stops.map((s) => s()));
    rmSync(dir, { recursive: true, force: true });
    // A serve that held many runs' queues takes a while to answer them all on the way out, on a busy machine.
  }, 120_000);

  it("makes every persona from the owner's account and writes the file with mode 0600", () => {
    expect(created.code, created.err).toBe(0);
    expect(Object.keys(made.personas)).toEqual([...PERSONA_ROLES]);
    expect(made.personas.owner).toEqual(doc.personas.owner);
    expect(new Set(Object.values(made.personas).map((p) => p.userId)).size).toBe(PERSONA_ROLES.length);
    expect(made.created.users).toHaveLength(5);
    expect(made.created.bots).toHaveLength(1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(created.err).toContain("made administrator, moderator, member, secondMember, guest, bot");
  });

  it("a full run --target with the made file is green, with nothing left behind", () => {
    const problems = results.tests
      .filter((t) => t.status === "fail" || t.status === "error" || t.status === "blocked")
      .map((t) => `${t.status} ${t.id}: ${(t.message ?? "").split("\n")[0]}`);
    expect(problems).toEqual([]);
    expect(full.code, full.err.slice(-1500)).toBe(0);
    expect(results.leftovers ?? []).toEqual([]);
    expect(results.tests.filter((t) => t.status === "unverifiable" && /^needs persona/.test(t.message ?? ""))).toEqual([]);
  });

  it("run --target reads the personas from CC_PERSONAS without --personas, and names CC_PERSONAS when it is bad", () => {
    const r = cli(["run", "--target", doc.url, "--filter", "messages/send", "--out", join(dir, "env")], { CC_PERSONAS: readFileSync(file, "utf8") });
    expect(r.code, r.err.slice(-1500)).toBe(0);
    const bad = cli(["run", "--target", doc.url, "--out", join(dir, "bad")], { CC_PERSONAS: "{not json" });
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^chat-conformance: CC_PERSONAS: not valid JSON/);
    const none = cli(["run", "--target", doc.url, "--out", join(dir, "none")]);
    expect(none.code).toBe(2);
    expect(none.err).toContain("--target needs --personas FILE or CC_PERSONAS");
  });

  it("run --target checks every persona first: one line per problem naming the persona, exit 2, no test run", () => {
    const p = made.personas;
    const wrong = {
      personas: {
        ...p,
        administrator: p.member,
        moderator: { ...p.moderator!, userId: p.moderator!.userId + 1000 },
        secondMember: p.member,
        guest: { ...p.guest!, apiKey: "not-the-key" },
      },
    };
    const f = join(dir, "wrong.json");
    writeFileSync(f, JSON.stringify(wrong));
    const r = cli(["run", "--target", doc.url, "--personas", f, "--out", join(dir, "wrong")]);
    expect(r.code).toBe(2);
    const lines = r.err.split("\n").filter((l) => l.startsWith("  persona "));
    expect(
      lines.some((l) =>
        l.startsWith(`  persona administrator (${p.member!.email}): the account's role is member (400); the administrator persona needs role 200`),
      ),
    ).toBe(true);
    expect(
      lines.some((l) =>
        l.startsWith(
          `  persona moderator (${p.moderator!.email}): userId is ${p.moderator!.userId + 1000} in the personas file, but the account's user_id is ${p.moderator!.userId}`,
        ),
      ),
    ).toBe(true);
    expect(lines.some((l) => l.startsWith(`  persona guest (${p.guest!.email}): the API key is refused: HTTP 401`))).toBe(true);
    expect(lines.some((l) => /^ {2}persona (member|secondMember) .*: the same account \(user \d+\) as persona (administrator|member)/.test(l))).toBe(true);
    expect(r.err).not.toContain("running the suites");
  });

  it("personas remove deactivates what create made, after which their keys are refused", () => {
    const r = cli(["personas", "remove", ...adminArgs(doc), "--personas", file]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("deactivated 6 of 6 accounts");
    const after = cli(["run", "--target", doc.url, "--personas", file, "--out", join(dir, "after")]);
    expect(after.code).toBe(2);
    expect(after.err).toContain(`persona member (${made.personas.member!.email}): the API key is refused: HTTP 401`);
    expect(after.err).not.toContain(`persona owner (`);
  });

  it("without can_create_users it says what grants the permission on a self-hosted Zulip (exit 2)", async () => {
    writeFileSync(join(dir, "seed-no-create.json"), JSON.stringify(seed(false)));
    const served = await serveChild(["--seed", join(dir, "seed-no-create.json")], ROOT);
    stops.push(served.stop);
    const r = cli(["personas", "create", ...adminArgs(served.doc)]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("User not authorized to create users");
    expect(r.err).toContain(`manage.py change_user_role ${served.doc.personas.owner!.email} can_create_users`);
    expect(r.out).toBe("");
  });
});
