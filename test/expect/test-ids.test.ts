import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectSuites, collectTests } from "../../src/expect/collect.ts";
import { CODE_ROOT } from "../../src/layout.ts";

/**
 * suites/test-ids.txt lists every test's id, one a line, sorted. Results, expectations files and earlier runs know a
 * test by its id, so an id that changes is a test lost to them: the list is the record that makes that a failure
 * here. A new test adds its id to the list; a test removed takes its id out.
 */
const LIST = join(CODE_ROOT, "suites", "test-ids.txt");
const listed = readFileSync(LIST, "utf8")
  .split("\n")
  .filter((l) => l !== "");

describe("test ids", () => {
  it("no two tests share an id", async () => {
    const ids = (await collectTests()).map((d) => d.id);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      "ids of more than one test",
    ).toEqual([]);
  });

  it("every test's id is in suites/test-ids.txt (a new test adds its id there)", async () => {
    const known = new Set(listed);
    expect((await collectTests()).filter((d) => !known.has(d.id)).map((d) => `${d.id} (${d.file})`)).toEqual([]);
  });

  it("every id in suites/test-ids.txt is a test's (an id changed, or a test removed without its id)", async () => {
    const ids = new Set((await collectTests()).map((d) => d.id));
    expect(listed.filter((id) => !ids.has(id))).toEqual([]);
  });

  it("suites/test-ids.txt is sorted, each id once", () => {
    expect(listed).toEqual([...new Set(listed)].sort());
  });

  it("every test is declared through its file's defineSuite, and every suite file declares itself once", async () => {
    // The library's behaviour() (for projects of their own) would take a suite file's test without its suite.
    expect((await collectTests()).filter((d) => d.file === "").map((d) => d.id)).toEqual([]);
    const files = (await collectSuites()).map((s) => s.file);
    expect(files.filter((f, i) => files.indexOf(f) !== i)).toEqual([]);
    const withTests = new Set((await collectTests()).map((d) => d.file));
    expect(
      files.filter((f) => !withTests.has(f)),
      "suite files that declare no test",
    ).toEqual([]);
  });
});
