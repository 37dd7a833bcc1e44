import { describe, it, expect } from "vitest";
import { listCommand, type ListedClause } from "../../src/cli/commands/list.ts";
import type { TestInfo } from "../../src/expect/descriptor-info.ts";

const TESTS: TestInfo[] = [
  {
    id: "messages/empty-topic-send",
    title: "send",
    file: "suites/messages/empty-topic.test.ts",
    clauses: ["fl334.messages.empty-topic-send"],
    gateLevels: [334],
  },
  {
    id: "messages/empty-topic-fetch",
    title: "fetch",
    file: "suites/messages/empty-topic.test.ts",
    clauses: ["fl334.messages.fetch-allow-empty-topic-name", "fl334.messages.empty-topic-send"],
    gateLevels: [334],
  },
];

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await listCommand(argv, { out: (s) => out.push(s), err: (s) => err.push(s) }, TESTS);
  return { code, out, err, text: out.join("\n") };
}

const clauseLines = (out: string[]) => out.slice(0, -1);

describe("list", () => {
  it("prints one line per clause and a footer with counts and coverage", async () => {
    const { code, out, err } = await run();
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(clauseLines(out).every((l) => /^fl\d+\.[a-z]+\.[a-z0-9-]+ {2}\[[a-z, -]+\] {2}\S/.test(l))).toBe(true);
    expect(out.at(-1)).toMatch(/^(\d+) of \1 clauses shown: \d+ testable, \d+ untestable; tested 2\/\d+ \(\d+%\) of the testable ones shown \(2 tests\)$/);
  });

  it("--fl N keeps the clauses that start or end at N", async () => {
    const { out } = await run("--fl", "166");
    const ids = clauseLines(out).map((l) => l.split(" ")[0]);
    expect(ids).toContain("fl166.messages.realm-str-ignored");
    expect(ids).toContain("fl153.messages.realm-str-mismatch-rejected"); // until 166
    expect(ids.every((id) => id !== undefined)).toBe(true);
  });

  it("--fl accepts the cited levels below the floor", async () => {
    const { code, out } = await run("--fl", "78");
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^fl78\.settings\.ignored-parameters-unsupported /);
  });

  it("--release, --area and --tag combine", async () => {
    const { out } = await run("--release", "10.0", "--area", "messages", "--tag", "empty-topic", "--json");
    const rows = JSON.parse(out.join("\n")) as ListedClause[];
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) {
      expect(r.release).toBe("10.0");
      expect(r.area).toBe("messages");
      expect(r.tags).toContain("empty-topic");
    }
  });

  it("--json prints clause objects with the tests that cover them", async () => {
    const { out } = await run("--json", "--fl", "334");
    const rows = JSON.parse(out.join("\n")) as ListedClause[];
    const send = rows.find((r) => r.id === "fl334.messages.empty-topic-send");
    expect(send).toMatchObject({ level: 334, until: null, release: "10.0", area: "messages", strength: "must", testable: true, source: "spec" });
    expect(send?.tests).toEqual(["messages/empty-topic-send", "messages/empty-topic-fetch"]);
    for (const key of ["id", "level", "until", "release", "area", "tags", "strength", "testable", "source", "says", "tests"])
      expect(Object.keys(send ?? {})).toContain(key);
  });

  it("--untested leaves out covered and untestable clauses", async () => {
    const { out } = await run("--untested", "--tag", "empty-topic", "--json");
    const rows = JSON.parse(out.join("\n")) as ListedClause[];
    expect(rows.map((r) => r.id)).not.toContain("fl334.messages.empty-topic-send");
    expect(rows.every((r) => r.testable === true && r.tests.length === 0)).toBe(true);
  });

  it("--conflicts prints the conflicts and their resolutions", async () => {
    const { code, out } = await run("--conflicts");
    expect(code).toBe(0);
    expect(out.some((l) => l.startsWith("conflict.message-edit-typing-rename  [levels 351, 361]"))).toBe(true);
    expect(out.some((l) => l.startsWith("    resolution: "))).toBe(true);
    expect(out.at(-1)).toMatch(/^(\d+) of \1 conflicts$/);
    const json = await run("--conflicts", "--fl", "192", "--json");
    expect((JSON.parse(json.text) as { id: string }[]).map((k) => k.id)).toEqual(["conflict.no-change-192-cited"]);
  });

  it.each([
    [["--fl", "abc"], /^list: --fl 'abc' is not a feature level/],
    [["--fl", "500"], /^list: --fl '500' is not a feature level/],
    [["--release", "11.0"], /^list: --release '11.0' is not one of: 6\.x, 7\.0/],
    [["--area", "nowhere"], /^list: --area 'nowhere' is not one of: server,/],
    [["--tag", "bogus"], /^list: --tag 'bogus' is not one of: deprecated-alias,/],
    [["--bogus"], /^list: Unknown option '--bogus'/],
    [["stray"], /^list: .*positional/i],
    [["--fl"], /^list: Option '--fl <value>' argument missing/],
    [["--conflicts", "--area", "messages"], /^list: --conflicts takes only --fl and --json, not --area$/],
    [["--operations", "--area", "messages"], /^list: --operations takes only --fl, --product and --json, not --area$/],
    [["--operations", "--product", "slack"], /^list: --product 'slack' is not one of: chat, zulip$/],
    [["--product", "zulip"], /^list: --product goes with --operations$/],
    [["--operations", "--fl", "111"], /^list: --fl 111: the reference server serves levels 153–372$/],
  ])("%j is a usage error (exit 2, one line on err)", async (argv, message) => {
    const { code, out, err } = await run(...argv);
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(message);
  });
});

describe("list --operations: the endpoints a server of the level serves, as the product names them", () => {
  const listed = async (...argv: string[]) =>
    JSON.parse((await run("--operations", "--json", ...argv)).text) as Array<{
      method: string;
      path: string;
      since: number | null;
      until: number | null;
      operation: string | null;
    }>;
  const has = (ops: Array<{ method: string; path: string }>, method: string, path: string) => ops.some((o) => o.method === method && o.path === path);

  it("dates each endpoint by the level it appeared (a spec switch, or Zulip's description for Zulip-only operations)", async () => {
    const at296 = await listed("--fl", "296");
    const at297 = await listed("--fl", "297");
    expect(has(at296, "GET", "/saved_snippets")).toBe(false);
    expect(at297.find((o) => o.method === "GET" && o.path === "/saved_snippets")).toMatchObject({ since: 297, until: null, operation: "get-saved-snippets" });
    expect(has(at296, "POST", "/messages")).toBe(true);
    const hotspots = (await listed("--fl", "153")).find((o) => o.path === "/users/me/hotspots");
    expect(hotspots).toMatchObject({ since: null, until: 233 });
  });

  it("shows the real product's endpoints for --product zulip, and only the spec's for chat", async () => {
    const zulip = await listed("--product", "zulip");
    const chat = await listed();
    expect(has(zulip, "GET", "/calls/bigbluebutton/create")).toBe(true);
    expect(has(zulip, "POST", "/calls/provider_two/create")).toBe(false);
    expect(has(chat, "POST", "/calls/provider_two/create")).toBe(true);
    expect(has(chat, "GET", "/calls/bigbluebutton/create")).toBe(false);
    expect(has(zulip, "POST", "/users/me/apns_device_token")).toBe(true);
  });

  it("prints one line per endpoint and a count", async () => {
    const { code, out } = await run("--operations", "--fl", "250", "--product", "zulip");
    expect(code).toBe(0);
    expect(out.at(-1)).toMatch(/^\d+ endpoints at FL 250 as zulip$/);
    expect(out).toContain("POST   /api/v1/dev_fetch_api_key  (no credentials)");
  });
});
