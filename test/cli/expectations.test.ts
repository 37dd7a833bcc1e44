import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectTests } from "../../src/expect/collect.ts";
import { checkExpectations, ExpectationsError, readExpectations } from "../../src/cli/expectations-file.ts";
import { CLI } from "../support/cli-entry.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

describe("an expectations entry must name a test or a clause", () => {
  it("run exits 2 naming the entry, before any target starts", () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-exp-"));
    const file = join(dir, "expectations.json");
    writeFileSync(file, JSON.stringify({ expectedFail: { "fl153.server.unknown-route": "HTML 404", "fl999.x": "a reason" } }));
    const r = spawnSync(process.execPath, [...CLI, "run", "--expectations", file, "--out", dir], { encoding: "utf8", timeout: 120_000, cwd: ROOT });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toBe(`chat-conformance: --expectations ${file}: 'fl999.x' names no test or clause\n`);
    expect(readdirSync(dir)).toEqual(["expectations.json"]);
  });

  it("names the closest id when the entry is a slip of one; accepts clause ids and test ids", async () => {
    const ids = (await collectTests()).map((d) => d.id);
    const aTest = ids[0]!;
    expect(() => checkExpectations("f.json", { expectedFail: { "fl257.server.realm-url": "r1", [aTest]: "r2" } }, ids)).not.toThrow();
    expect(() => checkExpectations("f.json", { expectedFail: { "fl257.server.realm-ur": "reason" } }, ids)).toThrow(
      new ExpectationsError("--expectations f.json: 'fl257.server.realm-ur' names no test or clause; did you mean fl257.server.realm-url?"),
    );
  });

  it("the shipped profiles validate", async () => {
    const dir = join(ROOT, "fixtures", "expectations");
    const ids = (await collectTests()).map((d) => d.id);
    for (const f of readdirSync(dir)) expect(() => checkExpectations(f, readExpectations(join(dir, f)), ids), f).not.toThrow();
  });
});
