import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../reference-server/", import.meta.url).pathname;

/** Every module of the reference server and the modules of it that it imports at run time (type imports vanish). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(ROOT, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  for (const file of files) {
    const source = readFileSync(join(ROOT, file), "utf8");
    const deps = [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+"(\.[^"]+)"/gms)]
      .map((m) => relative(ROOT, normalize(join(ROOT, dirname(file), m[1]!))))
      .filter((d) => !d.startsWith(".."));
    graph.set(file, deps);
  }
  return graph;
}

/** One cycle through the graph, if any (depth-first search with colours). */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, "open");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys())
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  return null;
}

describe("the reference server's layers point one way", () => {
  it("no module imports, through any chain, a module that imports it back", () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycle(graph)?.join(" → ") ?? null).toBeNull();
  });

  it("the check sees a cycle when there is one", () => {
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
