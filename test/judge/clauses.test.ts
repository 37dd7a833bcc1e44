import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { QUIRKS } from "../../facts/quirks.ts";
import { clientClauses, limitOf, loadClientClauses } from "../../src/catalog/client-clauses.ts";
import { CatalogError } from "../../src/catalog/load.ts";
import { RULES } from "../../src/judge/rules.ts";

/**
 * The client clauses as data (src/catalog/data/client-clauses.yaml): the eight of issue 25's item 3, each with a
 * rule of src/judge, the limits its rule reads, and quirks that exist; the loader refuses a bad file in one line.
 */
describe("the client clauses", () => {
  it("are the eight of the design, each with its rule and its level, strength and quirks", () => {
    const clauses = clientClauses();
    expect(clauses.map((c) => [c.id, c.level, c.strength])).toEqual([
      ["client.reregisters-after-bad-queue", 153, "must"],
      ["client.honours-retry-after", 153, "must"],
      ["client.backs-off-on-5xx", 153, "should"],
      ["client.acknowledges-events", 153, "must"],
      ["client.declares-capabilities", 153, "should"],
      ["client.checks-feature-level", 153, "should"],
      ["client.request-rate", 153, "should"],
      ["client.deletes-queue", 153, "should"],
    ]);
    expect(Object.keys(RULES).sort()).toEqual(clauses.map((c) => c.id).sort());
    const names = new Set<string>(QUIRKS.map((q) => q.name));
    for (const c of clauses) for (const q of c.quirks) expect(names, c.id).toContain(q);
  });

  it("state the tolerances the issue's design gives, in the data the rules read", () => {
    const by = (id: string) => clientClauses().find((c) => c.id === id)!;
    expect(limitOf(by("client.honours-retry-after"), "slack_ms")).toBe(50);
    expect(limitOf(by("client.backs-off-on-5xx"), "min_gap_ms")).toBe(250);
    expect(limitOf(by("client.request-rate"), "max_requests")).toBe(200);
    expect(limitOf(by("client.request-rate"), "window_ms")).toBe(60_000);
    expect(() => limitOf(by("client.deletes-queue"), "grace_ms")).toThrow(/client.deletes-queue: client-clauses.yaml gives no limit 'grace_ms'/);
  });

  it("a bad file is refused in one line naming the entry and the field", () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-client-clauses-"));
    try {
      const file = join(dir, "client-clauses.yaml");
      const entry = `- id: client.waits\n  level: 153\n  strength: must\n  says: "The client waits as it is told to."\n  judged: "By the gaps between requests."\n  limits: {}\n  quirks: [no-such-quirk]\n  endpoints: ["ANY /"]\n`;
      writeFileSync(file, entry);
      expect(() => loadClientClauses(file)).toThrow(CatalogError);
      expect(() => loadClientClauses(file)).toThrow(/^client-clauses\.yaml: client\.waits: field 'quirks\.0': /);
      writeFileSync(file, entry.replace("no-such-quirk", "rate-limit").replace("client.waits", "fl153.waits"));
      expect(() => loadClientClauses(file)).toThrow(/field 'id': must look like client.<slug>/);
      writeFileSync(file, entry.replace("no-such-quirk", "rate-limit") + entry.replace("no-such-quirk", "latency"));
      expect(() => loadClientClauses(file)).toThrow(/client\.waits: the id is used twice/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
