import { describe, expect, it } from "vitest";
import { clientClauses } from "../../src/catalog/client-clauses.ts";
import { listCommand } from "../../src/cli/commands/list.ts";

/** `list --client-clauses`: what each client clause requires and how the traffic decides it, for client developers. */
async function list(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await listCommand(argv, { out: (s) => out.push(s), err: (s) => err.push(s) }, []);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("list --client-clauses", () => {
  it("prints each clause with its strength, levels, quirks, words, rule and tolerances", async () => {
    const r = await list(["--client-clauses"]);
    expect(r.code).toBe(0);
    for (const c of clientClauses()) {
      expect(r.out).toContain(`${c.id}  (${c.strength}, FL ${c.level}+; quirks: `);
      expect(r.out).toContain(`    says:   ${c.says}`);
      expect(r.out).toContain(`    judged: ${c.judged}`);
    }
    expect(r.out).toContain("    limits: slack_ms 50");
    expect(r.out).toMatch(/^8 client clauses: 3 must, 5 should; /m);
    const json = await list(["--client-clauses", "--json"]);
    expect((JSON.parse(json.out) as { id: string }[]).map((c) => c.id)).toEqual(clientClauses().map((c) => c.id));
  });

  it("takes only --json, and not another listing", async () => {
    expect((await list(["--client-clauses", "--fl", "200"])).err).toMatch(/--client-clauses takes only --json, not --fl/);
    const both = await list(["--client-clauses", "--quirks"]);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/--quirks and --client-clauses list different things/);
  });
});
