/**
 * One cycle of imports between files, if any, as the files it passes through (depth-first search with colours).
 * The graph maps each file to the files it imports; an import of a file outside the graph (another tree) is no
 * edge of it.
 */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, "open");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
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
