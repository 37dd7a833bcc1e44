/**
 * `chat-conformance list`: the catalog's clauses (or its conflicts, operations, event coverage or the reference
 * server's faults), filtered, as text or JSON, with coverage.
 * Its options, and their help, are the table of src/cli/specs/list.ts.
 */
import { catalog as loadCatalog, type Catalog } from "../../catalog/catalog.ts";
import { AREAS, FIRST_LEVEL, LAST_LEVEL, RELEASES, type Clause, type Release } from "../../catalog/schema.ts";
import { TAG_NAMES } from "../../catalog/tags.ts";
import { coverage, formatTally, testsByClause } from "../../catalog/coverage.ts";
import { CITED_LEVELS_BELOW_FLOOR, releaseForLevel } from "../../../facts/releases.ts";
import type { TestInfo } from "../../expect/descriptor-info.ts";
import { parseOptions } from "../options.ts";
import { LIST } from "../specs/list.ts";

export interface ListIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

/** A clause as `list --json` prints it. */
export interface ListedClause {
  id: string;
  level: number;
  until: number | null;
  release: Release | null;
  area: string;
  endpoints: string[];
  events: string[];
  tags: string[];
  strength: string;
  testable: true | string;
  source: string;
  says: string;
  ruling: string | null;
  links: string[];
  tests: string[];
}

interface Filters {
  fl?: number;
  operations: boolean;
  product: "chat" | "zulip";
  release?: Release;
  area?: string;
  tag?: string;
  untested: boolean;
  conflicts: boolean;
  events: boolean;
  faults: boolean;
  quirks: boolean;
  clientClauses: boolean;
  results: string[];
  json: boolean;
}

class UsageError extends Error {}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${flag} '${value}' is not one of: ${allowed.join(", ")}`);
}

function parseFlags(argv: string[]) {
  try {
    return parseOptions(LIST, argv).values;
  } catch (e) {
    throw new UsageError((e as Error).message.split("\n")[0]!);
  }
}

function parseFilters(argv: string[], cat: Catalog): Filters {
  const values = parseFlags(argv);
  if ([values.conflicts, values.operations, values.events, values.faults, values.quirks, values["client-clauses"]].filter(Boolean).length > 1)
    throw new UsageError("--conflicts, --operations, --events, --faults, --quirks and --client-clauses list different things: give one");
  for (const flag of ["quirks", "client-clauses"] as const) {
    if (!values[flag]) continue;
    const others = (["fl", "release", "area", "tag", "untested", "product", "results"] as const).filter((k) => values[k] !== undefined && values[k] !== false);
    if (others.length) throw new UsageError(`--${flag} takes only --json, not --${others.join(", --")}`);
  }
  if (values.faults) {
    const others = (["fl", "release", "tag", "untested", "product", "results"] as const).filter((k) => values[k] !== undefined && values[k] !== false);
    if (others.length) throw new UsageError(`--faults takes only --area and --json, not --${others.join(", --")}`);
  }
  if (values.results?.length && !values.events) throw new UsageError("--results goes with --events");
  if (values.events) {
    const others = (["fl", "release", "area", "tag", "untested", "product"] as const).filter((k) => values[k] !== undefined && values[k] !== false);
    if (others.length) throw new UsageError(`--events takes only --results and --json, not --${others.join(", --")}`);
  }
  if (values.operations) {
    const clauseOnly = (["release", "area", "tag", "untested"] as const).filter((k) => values[k] !== undefined && values[k] !== false);
    if (clauseOnly.length) throw new UsageError(`--operations takes only --fl, --product and --json, not --${clauseOnly.join(", --")}`);
  } else if (values.product !== undefined) throw new UsageError("--product goes with --operations");
  if (values.conflicts) {
    const clauseOnly = (["release", "area", "tag", "untested"] as const).filter((k) => values[k] !== undefined && values[k] !== false);
    if (clauseOnly.length) throw new UsageError(`--conflicts takes only --fl and --json, not --${clauseOnly.join(", --")}`);
  }
  let fl: number | undefined;
  if (values.fl !== undefined) {
    fl = /^\d+$/.test(values.fl) ? Number(values.fl) : NaN;
    if (!(cat.level(fl) || CITED_LEVELS_BELOW_FLOOR.includes(fl)))
      throw new UsageError(
        `--fl '${values.fl}' is not a feature level of the catalog (${FIRST_LEVEL}..${LAST_LEVEL}, or ${CITED_LEVELS_BELOW_FLOOR.join(", ")})`,
      );
  }
  if (values.operations && fl !== undefined && fl < FIRST_LEVEL)
    throw new UsageError(`--fl ${fl}: the reference server serves levels ${FIRST_LEVEL}–${LAST_LEVEL}`);
  return {
    fl,
    operations: values.operations ?? false,
    product: oneOf("product", values.product, ["chat", "zulip"] as const) ?? "chat",
    release: oneOf("release", values.release, RELEASES),
    area: oneOf("area", values.area, AREAS),
    tag: oneOf("tag", values.tag, TAG_NAMES),
    untested: values.untested ?? false,
    conflicts: values.conflicts ?? false,
    events: values.events ?? false,
    faults: values.faults ?? false,
    quirks: values.quirks ?? false,
    clientClauses: values["client-clauses"] ?? false,
    results: values.results ?? [],
    json: values.json ?? false,
  };
}

function select(cat: Catalog, f: Filters, tested: Map<string, string[]>): Clause[] {
  return cat.clauses.filter(
    (c) =>
      (f.fl === undefined || c.level === f.fl || c.until === f.fl) &&
      (f.release === undefined || releaseForLevel(c.level) === f.release) &&
      (f.area === undefined || c.area === f.area) &&
      (f.tag === undefined || (c.tags as readonly string[]).includes(f.tag)) &&
      (!f.untested || (c.testable === true && !tested.has(c.id))),
  );
}

export function toListed(c: Clause, tests: readonly string[]): ListedClause {
  return {
    id: c.id,
    level: c.level,
    until: c.until ?? null,
    release: releaseForLevel(c.level) ?? null,
    area: c.area,
    endpoints: [...c.endpoints],
    events: [...c.events],
    tags: [...c.tags],
    strength: c.strength,
    testable: c.testable,
    source: c.source,
    says: c.says,
    ruling: c.ruling ?? null,
    links: [...c.links],
    tests: [...tests],
  };
}

/** The reference server's routes, loaded only for this listing: the clause listings stay light. */
async function printOperations(f: Filters, io: ListIo): Promise<void> {
  const { listedOperationsAt, formatOperations } = await import("./list-operations.ts");
  const level = f.fl ?? LAST_LEVEL;
  const ops = listedOperationsAt(level, f.product, { from: FIRST_LEVEL, to: LAST_LEVEL });
  if (f.json) io.out(JSON.stringify(ops, null, 2));
  else for (const line of formatOperations(ops, level, f.product)) io.out(line);
}

function printConflicts(cat: Catalog, f: Filters, io: ListIo): void {
  const shown = cat.conflicts.filter((k) => f.fl === undefined || k.levels.includes(f.fl));
  if (f.json) {
    io.out(JSON.stringify(shown, null, 2));
    return;
  }
  for (const k of shown) {
    io.out(`${k.id}  [levels ${k.levels.join(", ")}]  ${k.says}`);
    io.out(`    resolution: ${k.resolution}`);
  }
  io.out(`${shown.length} of ${cat.conflicts.length} conflicts`);
}

function printClauses(cat: Catalog, f: Filters, tests: readonly TestInfo[], io: ListIo): void {
  const tested = testsByClause(tests);
  const shown = select(cat, f, tested);
  if (f.json) {
    io.out(
      JSON.stringify(
        shown.map((c) => toListed(c, tested.get(c.id) ?? [])),
        null,
        2,
      ),
    );
    return;
  }
  for (const c of shown) {
    const until = c.until === undefined ? "" : ` (until ${c.until})`;
    const untestable = c.testable === true ? "" : `  (untestable: ${c.testable})`;
    io.out(`${c.id}  [${c.tags.join(", ")}]  ${c.says}${until}${untestable}`);
  }
  const cov = coverage(cat, tests, shown);
  io.out(
    `${shown.length} of ${cat.clauses.length} clauses shown: ${cov.testable} testable, ${cov.untestable} untestable; ` +
      `tested ${formatTally(cov)} of the testable ones shown (${tests.length} tests)`,
  );
}

export async function listCommand(argv: string[], io: ListIo, tests: TestInfo[]): Promise<number> {
  const cat = loadCatalog();
  let filters: Filters;
  try {
    filters = parseFilters(argv, cat);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`list: ${e.message}`);
    return 2;
  }
  if (filters.events) return (await import("./list-events.ts")).printEvents(cat, filters.results, filters.json, io);
  // The reference server's faults, loaded only for this listing.
  if (filters.faults) return (await import("./list-faults.ts")).printFaults(cat, filters.area, filters.json, io);
  if (filters.quirks) return (await import("./list-quirks.ts")).printQuirks(filters.json, io);
  if (filters.clientClauses) return (await import("./list-client-clauses.ts")).printClientClauses(filters.json, io);
  if (filters.operations) await printOperations(filters, io);
  else if (filters.conflicts) printConflicts(cat, filters, io);
  else printClauses(cat, filters, tests, io);
  return 0;
}
