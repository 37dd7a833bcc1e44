/**
 * The catalog lint: small pure checks, each with an id (test262 style). A check returns issues, printed as
 * `where: CHECK-ID - message`. Catalog checks read the raw data (lintCatalog); test checks read what the suites
 * declare (lintTests). UNTESTED is an error: every testable clause has a test.
 */
import type { RawCatalog } from "../catalog/load.ts";
import { AREAS, CLAUSE_ID, FIRST_LEVEL, LAST_LEVEL } from "../catalog/schema.ts";
import { TAG_NAMES } from "../catalog/tags.ts";
import { BACKPORTS, CITED_LEVELS_BELOW_FLOOR, NO_CHANGE_LEVELS, RELEASE_MARKER_LEVELS, RESERVED_LEVELS, releaseForLevel } from "../../facts/releases.ts";
import { duplicates, issue, type Check, type Issue } from "./issues.ts";
import { modelReduces } from "../expect/state/reducers.ts";

const CLAUSE_LEVEL_KINDS = new Set(["change", "backport"]);
const UNTIL_KINDS = new Set(["change", "backport", "reserved"]);
const TAGS = new Set<string>(TAG_NAMES);
const AREA_SET = new Set<string>(AREAS);

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
        if (RELEASE_MARKER_LEVELS.includes(l.level)) want = "release";
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
        if (l.kind !== "backport" && l.backportOf !== undefined) out.push(issue("LEVEL-KIND", where, "backportOf is set on a level that is not a backport"));
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
            out.push(
              issue("CLAUSE-LEVEL-KNOWN", c.id, `level ${c.level} is below the floor and not one the spec cites (${CITED_LEVELS_BELOW_FLOOR.join(", ")})`),
            );
        } else {
          const kind = kindOf.get(c.level);
          if (!kind || !CLAUSE_LEVEL_KINDS.has(kind))
            out.push(
              issue(
                "CLAUSE-LEVEL-KNOWN",
                c.id,
                `level ${c.level} is ${kind ? `a ${kind} level` : "not in levels.yaml"}; clauses belong to change or backport levels`,
              ),
            );
        }
        if (c.until !== undefined) {
          const kind = kindOf.get(c.until);
          if (!kind || !UNTIL_KINDS.has(kind))
            out.push(
              issue(
                "CLAUSE-LEVEL-KNOWN",
                c.id,
                `until ${c.until} is ${kind ? `a ${kind} level` : "not in levels.yaml"}; it must be a change, backport or reserved level`,
              ),
            );
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
    id: "LINKS-MUTUAL",
    rule: "links pair clauses both ways: a clause that links to another is linked back",
    run: (raw) => {
      const linksOf = new Map(raw.clauses.map((c) => [c.id, c.links]));
      return raw.clauses.flatMap((c) =>
        c.links
          .filter((l) => l !== c.id && linksOf.get(l)?.includes(c.id) === false)
          .map((l) => issue("LINKS-MUTUAL", c.id, `links to ${l}, which does not link back`)),
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
    id: "EVENTS-REDUCED",
    rule: "every event type (or type/op) a clause names has a reducer in the client-side state model (src/expect/state), so the state invariant can follow it",
    run: (raw) =>
      raw.clauses.flatMap((c) =>
        c.events
          .filter((e) => !modelReduces(e))
          .map((e) =>
            issue(
              "EVENTS-REDUCED",
              c.id,
              `names event ${e}, which the state model does not reduce: add a reducer in src/expect/state/ (and its register sections)`,
            ),
          ),
      ),
  },
  {
    id: "CONFLICT-REFS",
    rule: "conflict ids are unique and name existing levels and clauses",
    run: (raw) => {
      const levels = new Set(raw.levels.map((l) => l.level));
      const ids = new Set(raw.clauses.map((c) => c.id));
      const out = duplicates(raw.conflicts.map((k) => k.id)).map((id) =>
        issue("CONFLICT-REFS", `conflicts.yaml: ${id}`, "is the id of more than one conflict"),
      );
      for (const k of raw.conflicts) {
        const where = `conflicts.yaml: ${k.id}`;
        for (const l of k.levels) if (!levels.has(l)) out.push(issue("CONFLICT-REFS", where, `names level ${l}, which is not in levels.yaml`));
        for (const id of k.clauses) if (!ids.has(id)) out.push(issue("CONFLICT-REFS", where, `names unknown clause ${id}`));
      }
      return out;
    },
  },
];

/** Runs every catalog check on the raw data. */
export function lintCatalog(raw: RawCatalog): Issue[] {
  return CATALOG_CHECKS.flatMap((check) => check.run(raw));
}
