import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as registry from "../../reference-server/errors/registry.ts";

const ROOT = new URL("../../reference-server/", import.meta.url).pathname;
const REGISTRY = "errors/registry.ts";

/** The reference server's modules other than the registry, with their source. */
function otherModules(): Array<{ file: string; source: string }> {
  return readdirSync(ROOT, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && f !== REGISTRY)
    .map((file) => ({ file, source: readFileSync(join(ROOT, file), "utf8") }));
}

describe("the error registry (reference-server/errors/registry.ts)", () => {
  it("is where every error is made: no module outside it constructs an ApiError", () => {
    const outside = otherModules()
      .filter((m) => /\bnew ApiError\(/.test(m.source))
      .map((m) => m.file);
    expect(outside).toEqual([]);
  });

  it("holds only errors something throws: every one it exports is imported by another module", () => {
    const modules = otherModules();
    const imported = new Set<string>();
    for (const { source } of modules)
      for (const m of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"[^"]*errors\/registry\.ts"/g))
        for (const name of m[1]!.split(",")) imported.add(name.replace(/^\s*type\s+/, "").trim());
    const unused = Object.keys(registry).filter((name) => name !== "ApiError" && !imported.has(name));
    expect(unused).toEqual([]);
  });

  it("imports nothing, so that any layer may throw from it", () => {
    const source = readFileSync(join(ROOT, REGISTRY), "utf8");
    expect([...source.matchAll(/^import .*$/gm)].map((m) => m[0])).toEqual([]);
  });
});
