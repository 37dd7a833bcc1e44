import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { parse } from "yaml";
import type { z } from "zod";
import { ClauseSchema, ConflictSchema, LevelSchema, type Clause, type Conflict, type LevelEntry } from "./schema.ts";

export class CatalogError extends Error {
  override name = "CatalogError";
}

const DATA_DIR = fileURLToPath(new URL("./data/", import.meta.url));

function describeEntry(entry: unknown, index: number): string {
  if (entry && typeof entry === "object") {
    const e = entry as Record<string, unknown>;
    if (typeof e.id === "string") return e.id;
    if (typeof e.level === "number") return `level ${e.level}`;
  }
  return `entry #${index + 1}`;
}

/** Validates a list of raw entries; the first bad one throws one line that names the file, the entry and the field. */
export function parseEntries<S extends z.ZodType>(schema: S, raw: unknown, source: string): z.infer<S>[] {
  if (!Array.isArray(raw)) throw new CatalogError(`${source}: must hold a YAML list of entries`);
  return raw.map((entry, i) => {
    const r = schema.safeParse(entry);
    if (r.success) return r.data;
    const issue = r.error.issues[0]!;
    const field = issue.path.length ? issue.path.join(".") : "(entry)";
    throw new CatalogError(`${source}: ${describeEntry(entry, i)}: field '${field}': ${issue.message}`);
  });
}

function readYaml(path: string): unknown {
  try {
    return parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new CatalogError(`${path}: not valid YAML: ${(e as Error).message.split("\n")[0]}`);
  }
}

export interface RawCatalog {
  levels: LevelEntry[];
  clauses: Clause[];
  conflicts: Conflict[];
}

/** Loads and validates every data file of the catalog (no cross-entry checks: see lint.ts). */
export function loadCatalogData(dir: string = DATA_DIR): RawCatalog {
  const levels = parseEntries(LevelSchema, readYaml(join(dir, "levels.yaml")), "levels.yaml");
  const conflicts = parseEntries(ConflictSchema, readYaml(join(dir, "conflicts.yaml")) ?? [], "conflicts.yaml");
  const clauseDir = join(dir, "clauses");
  const clauses = readdirSync(clauseDir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .flatMap((f) => parseEntries(ClauseSchema, readYaml(join(clauseDir, f)) ?? [], `clauses/${f}`));
  return { levels, clauses, conflicts };
}
