import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { findCycle } from "./support/import-cycles.ts";

const REPO = new URL("../", import.meta.url).pathname;
const SRC = join(REPO, "src");

/**
 * The harness's layers, lowest first: a module may import modules of its own layer and of the layers below it,
 * never above. Each layer is a folder of src/ (or one of its two top-level files); facts/ and the reference server
 * are the two folders outside src/ that it may import.
 */
const LAYERS = [
  ["layout.ts", "where the code and the suites sit, installed or in the repository, and the tool's version"],
  ["facts", "the API facts the server and the harness share (names, operations, levels, releases)"],
  ["product", "the real product's API description, and what of it a run may call"],
  ["catalog", "the spec as data: levels and clauses, and the suites' coverage of them"],
  ["schemas", "zod schemas of the wire objects and events"],
  ["client", "the HTTP client, its exchanges (and those a proxy observed), its events reader and its rate limits"],
  ["reference-server", "the reference server, which target/ starts and cli/ serves"],
  ["target", "the server under test: detection, personas, what a run leaves on it"],
  ["quirks", "the wire quirks: legal, seeded behaviours made on the traffic between a client and its server"],
  ["results", "the results model: one test result, results.json and its build, expectations, verdict, compare, sweep"],
  ["report", "the renderers of the results model: HTML, JUnit, Allure, badge, summaries"],
  ["expect", "behaviour(), the test context and its checks, the runner, the state invariant"],
  ["lint", "the lints of the catalog and of the suites' tests"],
  ["run", "runs of the suites in vitest: a conformance run, a level sweep"],
  ["judge", "the client clauses judged over a client's observed traffic, as test results"],
  ["proxy", "the proxy that checks a client's traffic against the spec"],
  ["cli", "the command line"],
  ["index.ts", "the public API"],
] as const;

const rankOf = new Map<string, number>(LAYERS.map(([layer], i) => [layer, i]));

interface Import {
  from: string;
  to: string;
}

/** The relative imports of one module that name a TypeScript file: values and types, static, side-effect, re-exports and import(). */
function specifiersOf(source: string): string[] {
  const found = source.matchAll(/^\s*(?:import|export)\s[^;]*?\bfrom\s+"(\.[^"]+\.ts)"|^\s*import\s+"(\.[^"]+\.ts)"|\bimport\(\s*"(\.[^"]+\.ts)"\s*\)/gm);
  return [...found].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** Every such import of every module of src/, as paths from the repository. */
function imports(): Import[] {
  const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  return files.flatMap((file) =>
    specifiersOf(readFileSync(join(SRC, file), "utf8")).map((spec) => ({
      from: join("src", file),
      to: relative(REPO, normalize(join(SRC, dirname(file), spec))),
    })),
  );
}

/** The layer of a module: its folder under src/ (or the file itself at src/'s top), or its top folder outside src/. */
function layerOf(path: string): string {
  const parts = path.split(sep);
  return parts[0] === "src" ? parts[1]! : parts[0]!;
}

/** The imports that go up the layers, or into a folder that has no place in them, as "file → file (why)". */
function violations(all: readonly Import[]): string[] {
  const out: string[] = [];
  for (const { from, to } of all) {
    const [a, b] = [layerOf(from), layerOf(to)];
    if (a === b) continue;
    const [ra, rb] = [rankOf.get(a), rankOf.get(b)];
    if (ra === undefined || rb === undefined) out.push(`${from} → ${to} (${ra === undefined ? a : b} has no place in LAYERS)`);
    else if (rb > ra) out.push(`${from} → ${to} (${a} is below ${b})`);
  }
  return out;
}

function graphOf(all: readonly Import[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const { from, to } of all) graph.set(from, [...(graph.get(from) ?? []), to]);
  return graph;
}

describe("the harness's layers (src/) point one way", () => {
  const all = imports();

  it("every import goes down the layers or stays in its own, naming the import that does not", () => {
    expect(all.length).toBeGreaterThan(500);
    expect(violations(all)).toEqual([]);
  });

  it("no file of src/ imports, through any chain, a file that imports it back", () => {
    expect(findCycle(graphOf(all))?.join(" → ") ?? null).toBeNull();
  });

  it("the imports read are every kind a module has", () => {
    const source = [
      'import { a } from "./a.ts";',
      'import type { B } from "../b.ts";',
      'import {\n  c,\n  type C,\n} from "./c.ts";',
      'export { d } from "./d.ts";',
      'export * from "./e.ts";',
      'import "./f.ts";',
      'const g = await import("./g.ts");',
      'import { z } from "zod";',
    ].join("\n");
    expect(specifiersOf(source)).toEqual(["./a.ts", "../b.ts", "./c.ts", "./d.ts", "./e.ts", "./f.ts", "./g.ts"]);
  });

  it("the checks see an upward import, a folder outside the layers and a cycle", () => {
    expect(
      violations([
        { from: "src/client/a.ts", to: "src/expect/b.ts" },
        { from: "src/expect/b.ts", to: "src/client/a.ts" },
        { from: "src/cli/c.ts", to: "bench/d.ts" },
      ]),
    ).toEqual(["src/client/a.ts → src/expect/b.ts (client is below expect)", "src/cli/c.ts → bench/d.ts (bench has no place in LAYERS)"]);
    expect(
      findCycle(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", ["c.ts"]],
          ["c.ts", ["a.ts"]],
        ]),
      ),
    ).toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
  });
});
