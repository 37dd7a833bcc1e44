import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { findCycle } from "../support/import-cycles.ts";

const ROOT = new URL("../../reference-server/", import.meta.url).pathname;
const FACTS = new URL("../../facts/", import.meta.url).pathname;

/**
 * The reference server's layers, top to bottom: a module may import modules of its own folder and of any folder in
 * a lower row, never one of its row or above. A folder is named by its name, a file at the server's top by its own.
 * Requests flow in at the top (server.ts registers the route table and the mounts) and down through handlers to the
 * state; events are built from wire objects, never from handlers.
 */
const LAYERS: readonly (readonly string[])[] = [
  // Builds the runtime, registers the routes and the mounts.
  ["server.ts"],
  // The route table; the mounts, which answer requests apart from it; the fault table; the data quirks, which seed
  // the organization with the handlers' own message building and deactivation, as the Welcome Bot does.
  ["routes.ts", "control", "uploads", "faults.ts", "quirks"],
  // The handlers.
  ["api"],
  // Event payloads and queues.
  ["events"],
  // Permission checks, objects and register sections as the wire shows them, the HTTP plumbing handlers build on.
  ["access", "wire", "http"],
  // The faults' own code, which the layers above ask whether to bend.
  ["faults"],
  // The organization's data.
  ["state"],
  // What every layer may read: the level switches of the real product, the route and context types, the errors.
  ["zulip-levels.ts", "runtime.ts", "errors"],
  ["levels.ts"],
];

/**
 * Every module of the folder and the modules it imports, as paths relative to the folder: those it imports at run
 * time, or with `types` its type imports too.
 */
function importGraph(root: string, { types = false } = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  const pattern = types ? /^(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"/gms : /^(?:import|export)\s+(?!type\b)[^;]*?from\s+"(\.[^"]+)"/gms;
  for (const file of files) {
    const source = readFileSync(join(root, file), "utf8");
    const deps = [...source.matchAll(pattern)].map((m) => relative(root, normalize(join(root, dirname(file), m[1]!))));
    graph.set(file, deps);
  }
  return graph;
}

/** The layer of a module: its folder, or the file itself at the top. */
const layerOf = (file: string): string => file.split("/")[0]!;

/** The row of a layer in `layers`, or -1 for a layer the table does not name. */
const rowOf = (layers: readonly (readonly string[])[], layer: string): number => layers.findIndex((row) => row.includes(layer));

/** Every import that breaks the order, as `file → file`, and every module whose layer the table does not name. */
function violations(graph: Map<string, string[]>, layers: readonly (readonly string[])[]): string[] {
  const found: string[] = [];
  for (const [file, deps] of graph) {
    const from = layerOf(file);
    const row = rowOf(layers, from);
    if (row < 0) {
      found.push(`${file}: its layer '${from}' is not in the table`);
      continue;
    }
    for (const dep of deps) {
      if (dep.startsWith("..")) continue;
      const to = layerOf(dep);
      if (to !== from && rowOf(layers, to) <= row) found.push(`${file} → ${dep} (${from} may not import ${to})`);
    }
  }
  return found;
}

describe("the reference server's layers point one way", () => {
  it("no module imports, through any chain, a module that imports it back (type imports included)", () => {
    const graph = importGraph(ROOT, { types: true });
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycle(graph)?.join(" → ") ?? null).toBeNull();
  });

  // Run-time imports only: runtime.ts names every layer's objects in the request context's type, by design.
  it("every import goes down the table of layers", () => {
    expect(violations(importGraph(ROOT), LAYERS)).toEqual([]);
  });

  it("facts/ is a leaf: it imports nothing of the server's or the harness's", () => {
    const outside = [...importGraph(FACTS)].flatMap(([file, deps]) => deps.filter((d) => d.startsWith("..")).map((d) => `facts/${file} → ${d}`));
    expect(outside).toEqual([]);
  });

  it("the checks see a cycle, an import upwards or sideways, and a layer the table lacks", () => {
    expect(
      findCycle(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", ["c.ts"]],
          ["c.ts", ["a.ts"]],
        ]),
      ),
    ).toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
    const table = [["top"], ["left", "right"], ["bottom"]];
    const graph = new Map([
      ["top/a.ts", ["left/b.ts", "bottom/c.ts"]],
      ["left/b.ts", ["right/d.ts", "left/e.ts"]],
      ["bottom/c.ts", ["top/a.ts"]],
      ["elsewhere/f.ts", []],
    ]);
    expect(violations(graph, table)).toEqual([
      "left/b.ts → right/d.ts (left may not import right)",
      "bottom/c.ts → top/a.ts (bottom may not import top)",
      "elsewhere/f.ts: its layer 'elsewhere' is not in the table",
    ]);
  });
});
