import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { Fault } from "../reference-server/faults/fault.ts";
import { catalog } from "../src/catalog/catalog.ts";
import { AREAS, type Area } from "../src/catalog/schema.ts";

/**
 * One area taxonomy: the catalog's areas are the vocabulary, and every folder that sorts code by area uses their
 * names, so a behaviour is found by its clause's area in one hop. Within an area's folder (or an area's file grown
 * into a folder of parts) the names are free.
 */
const root = (path: string) => new URL(`../${path}/`, import.meta.url);

/** The entries of a folder, files without their extension, leaving out `except` (helpers that are no area). */
function entries(path: string, except: readonly string[] = []): string[] {
  return readdirSync(root(path), { withFileTypes: true })
    .filter((e) => e.isDirectory() || e.name.endsWith(".ts") || e.name.endsWith(".yaml"))
    .map((e) => (e.isDirectory() ? e.name : e.name.replace(/\.(ts|yaml)$/, "")))
    .filter((name) => !except.includes(name));
}

/** The folders sorted by area, each with what in it is not an area and why. */
const BY_AREA: readonly { path: string; except?: readonly string[] }[] = [
  { path: "src/catalog/data/clauses" },
  { path: "reference-server/api" },
  { path: "reference-server/wire/register" },
  // fault.ts is the type every fault file's table satisfies.
  { path: "reference-server/faults", except: ["fault"] },
  // support/ holds the helpers all suites share; test-ids.txt is the list of test ids, not a folder.
  { path: "suites", except: ["support"] },
];

/**
 * Areas with testable clauses but no suites/ folder, and why: their clauses are properties of every answer or of
 * the version fields, so their tests sit with the behaviour they are observed on.
 */
const NO_SUITES_FOLDER: Readonly<Partial<Record<Area, string>>> = {
  errors:
    "the error envelope and its codes are checked where the error arises: suites/server/envelope.test.ts, messages/topics.test.ts, messages/mark-read.test.ts",
  versioning:
    "the feature level and version strings are read from the answers that carry them: suites/server/server-settings.test.ts, register/register.test.ts",
};

const areas = new Set<string>(AREAS);

describe("one area taxonomy", () => {
  for (const { path, except } of BY_AREA) {
    it(`every entry of ${path}/ is named by a catalog area`, () => {
      const strays = entries(path, except).filter((name) => !areas.has(name));
      expect(strays, `not catalog areas (${[...areas].join(" ")})`).toEqual([]);
    });
  }

  it("every catalog area has its clause file", () => {
    expect(entries("src/catalog/data/clauses").sort()).toEqual([...AREAS].sort());
  });

  it("every clause file holds the clauses of its own area", () => {
    for (const file of entries("src/catalog/data/clauses")) {
      const clauses = parse(readFileSync(new URL(`${file}.yaml`, root("src/catalog/data/clauses")), "utf8")) as { id: string; area: string }[];
      expect(
        clauses.filter((c) => c.area !== file).map((c) => c.id),
        `clauses of ${file}.yaml with another area`,
      ).toEqual([]);
    }
  });

  it("every fault sits in the file (or folder) of its clause's area", async () => {
    const area = new Map(catalog().clauses.map((c) => [c.id, c.area]));
    const files = readdirSync(root("reference-server/faults"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && f !== "fault.ts");
    const strays: string[] = [];
    for (const file of files) {
      const fileArea = file.split("/")[0]!.replace(/\.ts$/, "");
      const tables = Object.values((await import(new URL(file, root("reference-server/faults")).href)) as Record<string, unknown>);
      for (const table of tables.filter((t): t is Readonly<Record<string, Fault>> => typeof t === "object" && t !== null)) {
        for (const [id, fault] of Object.entries(table)) {
          if (area.get(fault.clause) !== fileArea) strays.push(`${id} (area ${area.get(fault.clause) ?? "none"}) in faults/${file}`);
        }
      }
    }
    expect(strays, "faults outside the file of their clause's area").toEqual([]);
  });

  it("every area with testable clauses has a suites/ folder, or says here why not", () => {
    const folders = new Set(entries("suites", ["support"]));
    const testable = new Set(
      catalog()
        .clauses.filter((c) => c.testable === true)
        .map((c) => c.area),
    );
    const missing = [...testable].filter((a) => !folders.has(a) && NO_SUITES_FOLDER[a] === undefined);
    expect(missing, "areas with testable clauses and neither a suites/ folder nor a reason in NO_SUITES_FOLDER").toEqual([]);
    const stale = (Object.keys(NO_SUITES_FOLDER) as Area[]).filter((a) => folders.has(a) || !testable.has(a));
    expect(stale, "NO_SUITES_FOLDER lists areas that have a suites/ folder or no testable clause").toEqual([]);
  });
});
