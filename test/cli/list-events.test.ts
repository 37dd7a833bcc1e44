import { describe, expect, it } from "vitest";
import { listCommand } from "../../src/cli/commands/list.ts";

/** `list --events`: the state invariant's coverage, as text and JSON, from the model alone or with runs. */
async function list(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await listCommand(args, { out: (s) => void out.push(s), err: (s) => void err.push(s) }, []);
  return { code, out, err };
}

describe("list --events", () => {
  it("lists every event type and op with its reducer, and a footer of counts", async () => {
    const r = await list(["--events"]);
    expect(r.code).toBe(0);
    expect(r.out.some((l) => /^update_message_flags\/add\s+reducer yes/.test(l))).toBe(true);
    expect(r.out.at(-1)).toMatch(/event types and ops reduced \(100 %\)/);
  });

  it("prints the same rows as JSON", async () => {
    const r = await list(["--events", "--json"]);
    const rows = JSON.parse(r.out.join("\n")) as Array<{ event: string; reducer: boolean; exercised: boolean; verifiedAt: number[] }>;
    expect(rows.find((x) => x.event === "message")).toMatchObject({ reducer: true });
    expect(rows.every((x) => x.reducer)).toBe(true);
  });

  it("rejects clause filters and an unreadable run", async () => {
    expect((await list(["--events", "--fl", "200"])).code).toBe(2);
    expect((await list(["--events", "--results", "/nonexistent/results.json"])).code).toBe(2);
    expect((await list(["--results", "x.json"])).code).toBe(2);
  });
});
