import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkOutDir } from "../../src/cli/out-option.ts";
import { REPORT_FILES } from "../../src/report/write.ts";

const ALLURE = ["allure-results"];

/** A folder holding what `run --out` leaves there: the report files and the Allure results folder. */
function earlierRun(): string {
  const dir = mkdtempSync(join(tmpdir(), "cc-out-"));
  for (const f of REPORT_FILES) writeFileSync(join(dir, f), "{}");
  mkdirSync(join(dir, "allure-results"));
  return dir;
}

describe("run --out: the folder is checked before any work", () => {
  it("a folder holding an earlier run's reports is accepted (a second run replaces them)", () => {
    const dir = earlierRun();
    expect(checkOutDir("--out", dir, REPORT_FILES, ALLURE)).toBe(dir);
  });

  it("a report file's name taken by a folder is refused, naming it", () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-out-"));
    mkdirSync(join(dir, "junit.xml"));
    expect(() => checkOutDir("--out", dir, REPORT_FILES, ALLURE)).toThrow(/junit\.xml there is a folder, where the report file goes/);
  });

  it("the Allure folder's name taken by a file is refused, naming it", () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-out-"));
    writeFileSync(join(dir, "allure-results"), "");
    expect(() => checkOutDir("--out", dir, REPORT_FILES, ALLURE)).toThrow(/allure-results there is a file, where the report folder goes/);
  });
});
