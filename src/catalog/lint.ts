/**
 * The catalog lint: small pure checks, each with an id (test262 style). A check returns issues, printed as
 * `where: CHECK-ID - message`. Catalog checks read the raw data (lintCatalog); test checks read what the suites
 * declare (lintTests). UNTESTED is a warning for now; pass { untested: "error" } to make it fail.
 */
import type { RawCatalog } from "./load.ts";
import type { Catalog } from "./catalog.ts";
import type { TestInfo } from "../expect/descriptor-info.ts";
import { AREAS, CLAUSE_ID, FIRST_LEVEL, LAST_LEVEL } from "./schema.ts";
import { TAG_NAMES } from "./tags.ts";
import {
  BACKPORTS,
  CITED_LEVELS_BELOW_FLOOR,
  NO_CHANGE_LEVELS,
  RELEASE_LEVELS,
  RESERVED_LEVELS,
  releaseForLevel,
} from "./releases.ts";

export type Severity = "error" | "warn";

export interface Issue {
  check: string;
  where: string;
  message: string;
  severity: Severity;
}

export interface Check<I> {
  id: string;
  /** One line saying what the check guarantees. */
  rule: string;
  run(input: I): Issue[];
}

/** UNTESTED's severity until every testable clause has a test; then switch it to "error". */
export const UNTESTED_SEVERITY: Severity = "warn";

export function formatIssue(issue: Issue): string {
  return `${issue.where}: ${issue.check} - ${issue.message}`;
}

const issue = (check: string, where: string, message: string, severity: Severity = "error"): Issue => ({
  check,
  where,
  message,
  severity,
});

const CLAUSE_LEVEL_KINDS = new Set(["change", "backport"]);
const UNTIL_KINDS = new Set(["change", "backport", "reserved"]);
const TAGS = new Set<string>(TAG_NAMES);
const AREA_SET = new Set<string>(AREAS);

function duplicates<T>(items: readonly T[]): T[] {
  const seen = new Set<T>();
  const dup = new Set<T>();
  for (const x of items) (seen.has(x) ? dup : seen).add(x);
  return [...dup];
}

/** Levels that some conflict records together with a clause at that very level. */
function levelsExcusedByConflicts(raw: RawCatalog): Set<number> {
  const levelOf = new Map(raw.clauses.map((c) => [c.id, c.level]));
  const excused = new Set<number>();
  for (const k of raw.conflicts) {
    for (const l of k.levels) if (k.clauses.some((id) => levelOf.get(id) === l)) excused.add(l);
  }
  return excused;
}

/** Levels inside the catalog's range (LEVELS-COMPLETE reports the others). */
const inRange = (raw: RawCatalog) => raw.levels.filter((l) => l.level >= FIRST_LEVEL && l.level <= LAST_LEVEL);

export const CATALOG_CHECKS: readonly Check<RawCatalog>[] = [
  {
    id: "LEVELS-COMPLETE",
    rule: `every level ${FIRST_LEVEL}..${LAST_LEVEL} has exactly one entry`,
    run: (raw) => {
      const out: Issue[] = [];
      const count = new Map<number, number>();
      for (const l of raw.levels) count.set(l.level, (count.get(l.level) ?? 0) + 1);
      for (let l = FIRST_LEVEL; l <= LAST_LEVEL; l++) {
        const n = count.get(l) ?? 0;
        if (n !== 1) out.push(issue("LEVELS-COMPLETE", `levels.yaml: level ${l}`, n ? `has ${n} entries` : "has no entry"));
      }
      for (const l of count.keys())
        if (l < FIRST_LEVEL || l > LAST_LEVEL) out.push(issue("LEVELS-COMPLETE", `levels.yaml: level ${l}`, "is outside the catalog's range"));
      return out;
    },
  },
  {
    id: "LEVEL-RELEASE",
    rule: "each level's release agrees with the release table as resolved by the conflicts",
    run: (raw) =>
      inRange(raw).flatMap((l) => {
        const want = releaseForLevel(l.level);
        return want === l.release ? [] : [issue("LEVEL-RELEASE", `levels.yaml: level ${l.level}`, `release is ${l.release}, the release table says ${want}`)];
      }),
  },
  {
    id: "LEVEL-KIND",
    rule: "release, reserved, backport and no-change levels are those of the spec's lists, as resolved by the conflicts",
    run: (raw) => {
      const recorded = levelsExcusedByConflicts(raw);
      return inRange(raw).flatMap((l) => {
        const where = `levels.yaml: level ${l.level}`;
        const backportOf = BACKPORTS[l.level];
        let want: string = "change";
        if (RELEASE_LEVELS.includes(l.level)) want = "release";
        else if (RESERVED_LEVELS.includes(l.level)) want = "reserved";
        else if (backportOf !== undefined) want = "backport";
        else if (NO_CHANGE_LEVELS.has(l.level)) want = "no-change";
        const out: Issue[] = [];
        // A level on the no-change list may be a change level only when a conflict records it with a clause at it.
        const excused = want === "no-change" && l.kind === "change" && recorded.has(l.level);
        if (l.kind !== want && !excused) {
          const why = want === "no-change" && l.kind === "change" ? " (or record the contradiction in conflicts.yaml)" : "";
          out.push(issue("LEVEL-KIND", where, `kind is ${l.kind}, the spec's lists say ${want}${why}`));
        }
        if (l.kind === "backport" && l.backportOf !== backportOf)
          out.push(issue("LEVEL-KIND", where, `backportOf is ${l.backportOf ?? "missing"}, the spec says ${backportOf ?? "none"}`));
        if (l.kind !== "backport" && l.backportOf !== undefined)
          out.push(issue("LEVEL-KIND", where, "backportOf is set on a level that is not a backport"));
        return out;
      });
    },
  },
  {
    id: "CLAUSE-ID-UNIQUE",
    rule: "no two clauses share an id",
    run: (raw) => duplicates(raw.clauses.map((c) => c.id)).map((id) => issue("CLAUSE-ID-UNIQUE", id, "is the id of more than one clause")),
  },
  {
    id: "CLAUSE-ID-FORM",
    rule: "ids look like fl<level>.<area>.<slug> with the clause's own level and a known area; until > level",
    run: (raw) =>
      raw.clauses.flatMap((c) => {
        const out: Issue[] = [];
        const m = CLAUSE_ID.exec(c.id);
        if (!m) out.push(issue("CLAUSE-ID-FORM", c.id, "must look like fl<level>.<area>.<slug> (lower-case, dashes)"));
        else if (Number(m[1]) !== c.level || m[2] !== c.area)
          out.push(issue("CLAUSE-ID-FORM", c.id, `id names level ${m[1]} and area ${m[2]}, the clause has level ${c.level} and area ${c.area}`));
        if (!AREA_SET.has(c.area)) out.push(issue("CLAUSE-ID-FORM", c.id, `unknown area '${c.area}'`));
        if (c.until !== undefined && c.until <= c.level) out.push(issue("CLAUSE-ID-FORM", c.id, `until ${c.until} is not after level ${c.level}`));
        return out;
      }),
  },
  {
    id: "CLAUSE-LEVEL-KNOWN",
    rule: "a clause's level is a change or backport level (or a cited level below the floor); its until is a later catalog level",
    run: (raw) => {
      const kindOf = new Map(raw.levels.map((l) => [l.level, l.kind]));
      return raw.clauses.flatMap((c) => {
        const out: Issue[] = [];
        if (c.level < FIRST_LEVEL) {
          if (!CITED_LEVELS_BELOW_FLOOR.includes(c.level))
            out.push(issue("CLAUSE-LEVEL-KNOWN", c.id, `level ${c.level} is below the floor and not one the spec cites (${CITED_LEVELS_BELOW_FLOOR.join(", ")})`));
        } else {
          const kind = kindOf.get(c.level);
          if (!kind || !CLAUSE_LEVEL_KINDS.has(kind))
            out.push(issue("CLAUSE-LEVEL-KNOWN", c.id, `level ${c.level} is ${kind ? `a ${kind} level` : "not in levels.yaml"}; clauses belong to change or backport levels`));
        }
        if (c.until !== undefined) {
          const kind = kindOf.get(c.until);
          if (!kind || !UNTIL_KINDS.has(kind))
            out.push(issue("CLAUSE-LEVEL-KNOWN", c.id, `until ${c.until} is ${kind ? `a ${kind} level` : "not in levels.yaml"}; it must be a change, backport or reserved level`));
        }
        return out;
      });
    },
  },
  {
    id: "CHANGE-LEVEL-HAS-CLAUSES",
    rule: "every change or backport level has at least one clause",
    run: (raw) => {
      const used = new Set(raw.clauses.map((c) => c.level));
      return raw.levels
        .filter((l) => CLAUSE_LEVEL_KINDS.has(l.kind) && !used.has(l.level))
        .map((l) => issue("CHANGE-LEVEL-HAS-CLAUSES", `levels.yaml: level ${l.level}`, `is a ${l.kind} level without clauses`));
    },
  },
  {
    id: "NO-CHANGE-WITH-CLAUSES",
    rule: "a level the spec lists as having no change has no clauses, unless a conflict records the level with such a clause",
    run: (raw) => {
      const excused = levelsExcusedByConflicts(raw);
      return raw.clauses
        .filter((c) => NO_CHANGE_LEVELS.has(c.level) && !excused.has(c.level))
        .map((c) => issue("NO-CHANGE-WITH-CLAUSES", c.id, `level ${c.level} is on the spec's no-change list; record the contradiction in conflicts.yaml`));
    },
  },
  {
    id: "LINKS-EXIST",
    rule: "every link names another existing clause",
    run: (raw) => {
      const ids = new Set(raw.clauses.map((c) => c.id));
      return raw.clauses.flatMap((c) =>
        c.links.flatMap((l) =>
          l === c.id ? [issue("LINKS-EXIST", c.id, "links to itself")] : ids.has(l) ? [] : [issue("LINKS-EXIST", c.id, `links to unknown clause ${l}`)],
        ),
      );
    },
  },
  {
    id: "TAGS-KNOWN",
    rule: "clauses carry at least one tag, each from the registry in tags.ts, without repeats",
    run: (raw) =>
      raw.clauses.flatMap((c) => {
        const tags: readonly string[] = c.tags;
        const out = tags.filter((t) => !TAGS.has(t)).map((t) => issue("TAGS-KNOWN", c.id, `unknown tag '${t}'`));
        if (tags.length === 0) out.push(issue("TAGS-KNOWN", c.id, "has no tags"));
        for (const t of duplicates(tags)) out.push(issue("TAGS-KNOWN", c.id, `tag '${t}' is repeated`));
        return out;
      }),
  },
  {
    id: "CONFLICT-REFS",
    rule: "conflict ids are unique and name existing levels and clauses",
    run: (raw) => {
      const levels = new Set(raw.levels.map((l) => l.level));
      const ids = new Set(raw.clauses.map((c) => c.id));
      const out = duplicates(raw.conflicts.map((k) => k.id)).map((id) => issue("CONFLICT-REFS", `conflicts.yaml: ${id}`, "is the id of more than one conflict"));
      for (const k of raw.conflicts) {
        const where = `conflicts.yaml: ${k.id}`;
        for (const l of k.levels) if (!levels.has(l)) out.push(issue("CONFLICT-REFS", where, `names level ${l}, which is not in levels.yaml`));
        for (const id of k.clauses) if (!ids.has(id)) out.push(issue("CONFLICT-REFS", where, `names unknown clause ${id}`));
      }
      return out;
    },
  },
];

export interface TestLintInput {
  catalog: Catalog;
  tests: readonly TestInfo[];
  untested: Severity;
}

const testWhere = (t: TestInfo) => `${t.file}: ${t.id}`;

export const TEST_CHECKS: readonly Check<TestLintInput>[] = [
  {
    id: "TEST-ID-UNIQUE",
    rule: "no two tests share an id",
    run: ({ tests }) => duplicates(tests.map((t) => t.id)).map((id) => issue("TEST-ID-UNIQUE", id, "is the id of more than one test")),
  },
  {
    id: "TEST-CLAUSES-EXIST",
    rule: "every test names at least one clause, and only clauses of the catalog",
    run: ({ catalog, tests }) =>
      tests.flatMap((t) => {
        if (t.clauses.length === 0) return [issue("TEST-CLAUSES-EXIST", testWhere(t), "names no clause")];
        return t.clauses.filter((id) => !catalog.clause(id)).map((id) => issue("TEST-CLAUSES-EXIST", testWhere(t), `names unknown clause ${id}`));
      }),
  },
  {
    id: "TEST-GATE-LEVELS",
    rule: "each level a test gates on is the level or the until of one of its clauses",
    run: ({ catalog, tests }) =>
      tests.flatMap((t) => {
        const bounds = new Set<number>();
        for (const id of t.clauses) {
          const c = catalog.clause(id);
          if (!c) continue;
          bounds.add(c.level);
          if (c.until !== undefined) bounds.add(c.until);
        }
        return t.gateLevels
          .filter((l) => !bounds.has(l))
          .map((l) => issue("TEST-GATE-LEVELS", testWhere(t), `gates on level ${l}, which is neither the level nor the until of its clauses (${[...bounds].sort((a, b) => a - b).join(", ") || "none"})`));
      }),
  },
  {
    id: "UNTESTED",
    rule: "every testable clause has at least one test",
    run: ({ catalog, tests, untested }) => {
      const covered = new Set(tests.flatMap((t) => t.clauses));
      return catalog.clauses
        .filter((c) => c.testable === true && !covered.has(c.id))
        .map((c) => issue("UNTESTED", c.id, "is testable but no test names it", untested));
    },
  },
];

/** Runs every catalog check on the raw data. */
export function lintCatalog(raw: RawCatalog): Issue[] {
  return CATALOG_CHECKS.flatMap((check) => check.run(raw));
}

/** Runs every test check; UNTESTED reports with `options.untested` (default UNTESTED_SEVERITY). */
export function lintTests(catalog: Catalog, tests: readonly TestInfo[], options: { untested?: Severity } = {}): Issue[] {
  const input: TestLintInput = { catalog, tests, untested: options.untested ?? UNTESTED_SEVERITY };
  return TEST_CHECKS.flatMap((check) => check.run(input));
}

export const errorsOnly = (issues: readonly Issue[]): Issue[] => issues.filter((i) => i.severity === "error");

export { coverage, testsByClause, type Coverage, type Tally } from "./coverage.ts";
