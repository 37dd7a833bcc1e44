import { describe, expect, it } from "vitest";
import { catalog } from "../../src/catalog/catalog.ts";
import { listCommand } from "../../src/cli/commands/list.ts";
import type { ListedFault } from "../../src/cli/commands/list-faults.ts";
import { FAULT_IDS, faults, type Fault } from "../../reference-server/faults.ts";

/** `list --faults`: every fault `run --fault ID` takes, with the clause it breaks and that clause's area. */
async function list(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await listCommand(args, { out: (s) => void out.push(s), err: (s) => void err.push(s) }, []);
  return { code, out, err };
}

describe("list --faults", () => {
  it("as JSON: every fault of the reference server once, with its clause, the clause's area and level", async () => {
    const r = await list(["--faults", "--json"]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out.join("\n")) as ListedFault[];
    expect(rows.map((f) => f.id).sort()).toEqual([...FAULT_IDS].sort());
    for (const f of rows) {
      const c = catalog().clause(f.clause);
      expect(c, `${f.id} names a catalog clause`).toBeDefined();
      expect(f).toMatchObject({ clause: (faults as Record<string, Fault>)[f.id]!.clause, area: c!.area, clauseLevel: c!.level });
    }
    // A fault named apart from its clause (one clause, several ways to break it) says which clause.
    expect(rows.find((f) => f.id === "fl272.uploads.url#download")).toMatchObject({ clause: "fl272.uploads.url", area: "uploads" });
  });

  it("as text: one line per fault with its area, the clause when it is not the id, and a footer", async () => {
    const r = await list(["--faults"]);
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(FAULT_IDS.length + 1);
    expect(r.out.find((l) => l.startsWith("fl272.uploads.url#download "))).toMatch(/\s+uploads\s+.*\(clause fl272\.uploads\.url\)/);
    expect(r.out.at(-1)).toBe(
      `${FAULT_IDS.length} faults of the reference server, breaking ${new Set(Object.values(faults).map((f) => f.clause)).size} clauses: run --fault ID (repeatable) breaks one on purpose`,
    );
  });

  it("--area narrows it; clause filters and other listings are refused with exit 2", async () => {
    const uploads = await list(["--faults", "--area", "uploads", "--json"]);
    const rows = JSON.parse(uploads.out.join("\n")) as ListedFault[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((f) => f.area === "uploads")).toBe(true);
    for (const bad of [
      ["--faults", "--fl", "200"],
      ["--faults", "--events"],
      ["--faults", "--untested"],
    ]) {
      const r = await list(bad);
      expect(r.code, bad.join(" ")).toBe(2);
      expect(r.err).toHaveLength(1);
    }
  });
});
