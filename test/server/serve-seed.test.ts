import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createReferenceServer } from "../../reference-server/server.ts";
import { main } from "../../src/cli/main.ts";
import { SERVE } from "../../src/cli/specs/serve.ts";
import { RealmFixtureSchema } from "../../reference-server/state/fixture-schema.ts";
import { CLI } from "../support/cli-entry.ts";
import { serveChild } from "../support/serve-child.ts";

/** `serve --seed FILE`: the organization of a file in fixtures/realm.json's format, or one clear line and exit 2. */
const ROOT = new URL("../../", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "cc-seed-"));

function serveSync(args: string[]) {
  const r = spawnSync(process.execPath, [...CLI, "serve", "--port", "0", "--json", ...args], { encoding: "utf8", timeout: 60_000, cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The CLI in this process: its exit code and what it printed (a refused file never starts a server). */
async function serveInProcess(args: string[]) {
  let out = "";
  let err = "";
  const code = await main(["serve", "--port", "0", "--json", ...args], { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`) });
  return { code, out, err };
}

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

/** The example under the README's heading "Seeding serve with your own organization". */
function readmeExample(): Record<string, unknown> {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.split("### Seeding serve with your own organization")[1]!;
  return JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!) as Record<string, unknown>;
}

const basic = (p: { email: string; apiKey: string }) => ({ authorization: `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}` });

describe("serve --seed FILE", () => {
  it("starts with the file's organization: its personas, its channels and subscribers, its realm", async () => {
    const seed = file("acme.json", readmeExample());
    const { doc, stop } = await serveChild(["--seed", seed], ROOT);
    try {
      expect(Object.keys(doc.personas)).toEqual(["owner", "member", "bot"]);
      expect(doc.personas.member!.email).toBe("bo@acme.example");
      const settings = (await (await fetch(`${doc.url}/api/v1/server_settings`)).json()) as { realm_name: string };
      expect(settings.realm_name).toBe("Acme");
      const subs = (await (await fetch(`${doc.url}/api/v1/users/me/subscriptions`, { headers: basic(doc.personas.member!) })).json()) as {
        subscriptions: Array<{ name: string }>;
      };
      expect(subs.subscriptions.map((s) => s.name)).toEqual(["general"]);
      const bot = (await (await fetch(`${doc.url}/api/v1/users/${doc.personas.bot!.userId}`, { headers: basic(doc.personas.owner!) })).json()) as {
        user: { is_bot: boolean; bot_owner_id: number };
      };
      expect(bot.user).toMatchObject({ is_bot: true, bot_owner_id: doc.personas.member!.userId });
    } finally {
      expect(await stop()).toBe(0);
    }
  });

  it("the examples in the README and in serve --help are valid organizations", () => {
    expect(RealmFixtureSchema.safeParse(readmeExample()).error).toBeUndefined();
    const help = SERVE.description.slice(SERVE.description.indexOf('  {"realm"'));
    expect(RealmFixtureSchema.safeParse(JSON.parse(help)).error).toBeUndefined();
  });

  const good = readmeExample() as { users: Array<Record<string, unknown>>; channels: Array<Record<string, unknown>> };
  const cases: Array<[string, unknown, string]> = [
    [
      "wrong-role.json",
      { ...good, users: [good.users[0], { ...good.users[1], role: 250 }, good.users[2]] },
      "users.1.role: role must be 100 (owner), 200 (administrator), 300 (moderator), 400 (member) or 600 (guest)",
    ],
    ["no-realm.json", { users: good.users, channels: good.channels }, "realm: Invalid input: expected object, received undefined"],
    ["stray-key.json", { ...good, users: [{ ...good.users[0], nickname: "Annie" }, ...good.users.slice(1)] }, 'users.0: Unrecognized key: "nickname"'],
    [
      "unknown-subscriber.json",
      { ...good, channels: [{ ...good.channels[0], subscribers: ["owner", "nobody"] }] },
      "channels.0.subscribers.1: no user has persona 'nobody'",
    ],
    [
      "same-email.json",
      { ...good, users: [...good.users, { ...good.users[1], persona: "again" }] },
      "users.3.email: email 'bo@acme.example' is already used by another user",
    ],
    ["no-owner.json", { ...good, users: good.users.slice(1), channels: [] }, "users: the organization needs an owner: a user with role 100 and no bot_type"],
    ["list.json", [good], "(top level): Invalid input: expected object, received array"],
  ];
  for (const [name, content, message] of cases) {
    it(`refuses ${name}: the file, the field and the problem, exit 2`, async () => {
      const path = file(name, content);
      expect(await serveInProcess(["--seed", path])).toEqual({ code: 2, out: "", err: `chat-conformance: --seed ${path}: ${message}\n` });
    });
  }

  it("refuses a missing file, a file that is not JSON and a folder, exit 2", async () => {
    const missing = join(dir, "missing.json");
    expect(await serveInProcess(["--seed", missing])).toEqual({ code: 2, out: "", err: `chat-conformance: --seed: no such file: ${missing}\n` });
    const broken = file("broken.json", '{"realm": {');
    const r = await serveInProcess(["--seed", broken]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^chat-conformance: --seed ${broken}: not valid JSON \\(.+\\)\\n$`));
    expect(await serveInProcess(["--seed", dir])).toEqual({ code: 2, out: "", err: `chat-conformance: --seed ${dir}: cannot read it (EISDIR)\n` });
  });

  it("as a process: one line on stderr, no stack trace, exit code 2", () => {
    const path = file("process.json", { ...good, channels: [{ ...good.channels[0], subscribers: ["nobody"] }] });
    const r = serveSync(["--seed", path]);
    expect([r.code, r.out, r.err]).toEqual([2, "", `chat-conformance: --seed ${path}: channels.0.subscribers.0: no user has persona 'nobody'\n`]);
  });

  it("--key-seed seeds the API keys: the server's seed option, whose same seed gives the same keys", async () => {
    const { doc, stop } = await serveChild(["--key-seed", "one"], ROOT);
    expect(await stop()).toBe(0);
    const [same, other] = await Promise.all([createReferenceServer({ seed: "one" }), createReferenceServer()]);
    await Promise.all([same.close(), other.close()]);
    expect(doc.personas.member!.apiKey).toBe(same.personas.member!.apiKey);
    expect(doc.personas.member!.apiKey).not.toBe(other.personas.member!.apiKey);
  });
});
