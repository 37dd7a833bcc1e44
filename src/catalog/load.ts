import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
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

/**
 * Parsed catalog files as JSON, by the SHA-256 of their text. Parsing the catalog's YAML takes most of a second,
 * and every process that reads the catalog parses it again: each vitest worker of a run, each CLI command, each
 * unit test file. A file is parsed once per content; what is read back is validated as freshly parsed YAML is.
 */
const PARSED_DIR = join(tmpdir(), "chat-conformance-catalog");

function parsedBefore(key: string): unknown {
  try {
    const file = join(PARSED_DIR, `${key}.json`);
    // The temporary folder is everyone's: only what this user wrote is taken.
    if (process.getuid !== undefined && statSync(file).uid !== process.getuid()) return undefined;
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** Keeps what JSON holds exactly (strings, numbers, booleans, null, lists, maps), and only that. */
function keepParsed(key: string, value: unknown): void {
  const json = JSON.stringify(value);
  if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value)) return;
  try {
    mkdirSync(PARSED_DIR, { recursive: true });
    // Written aside, then renamed: a process reading at the same moment finds the whole file or none.
    const part = join(PARSED_DIR, `${key}.${process.pid}.part`);
    writeFileSync(part, json);
    renameSync(part, join(PARSED_DIR, `${key}.json`));
  } catch {
    // A read-only or full temporary folder: the next process parses again.
  }
}

/** The yaml package, loaded only when a file is not in the cache. */
const yaml = (): typeof import("yaml") => createRequire(import.meta.url)("yaml") as typeof import("yaml");

/** A YAML file of the catalog's data, parsed (once per content, see PARSED_DIR); a syntax error throws CatalogError. */
export function readYaml(path: string): unknown {
  const text = readFileSync(path, "utf8");
  const key = createHash("sha256").update(text).digest("hex");
  const cached = parsedBefore(key);
  if (cached !== undefined) return cached;
  let value: unknown;
  try {
    value = yaml().parse(text);
  } catch (e) {
    throw new CatalogError(`${path}: not valid YAML: ${(e as Error).message.split("\n")[0]}`);
  }
  keepParsed(key, value);
  return value;
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
