import { z } from "zod";
import { TAG_NAMES } from "./tags.ts";
import { AREAS, FIRST_LEVEL, LAST_LEVEL, RELEASES } from "./words.ts";

export { AREAS, FIRST_LEVEL, LAST_LEVEL, RELEASES, type Area, type Release } from "./words.ts";

/** `fl<level>.<area>.<slug>`: the level and area in the id are those of the clause. */
export const CLAUSE_ID = /^fl(\d{2,3})\.([a-z]+)\.([a-z0-9]+(?:-[a-z0-9]+)*)$/;

const level = z.number().int().min(1).max(999);

export const ClauseSchema = z
  .strictObject({
    id: z.string().regex(CLAUSE_ID, "must look like fl<level>.<area>.<slug> (lower-case, dashes)"),
    level,
    /** The first level at which this clause no longer holds (a later level removed or changed it). */
    until: level.optional(),
    area: z.enum(AREAS),
    endpoints: z.array(z.string().regex(/^(GET|POST|PATCH|PUT|DELETE|ANY) \//, "must be '<METHOD> /path'")).default([]),
    events: z.array(z.string().min(1)).default([]),
    tags: z.array(z.enum(TAG_NAMES)).min(1),
    strength: z.enum(["must", "should", "may"]),
    says: z.string().min(10),
    /** true, or the reason why no black-box test can check it. */
    testable: z.union([z.literal(true), z.string().min(5)]),
    /** Clauses this one pairs with (the old behaviour and the new, a span and what replaced it). */
    links: z.array(z.string().regex(CLAUSE_ID)).default([]),
    /**
     * spec: the spec states it. wire: the spec says "not shown" and the clause states what real servers do
     * (the wire facts), so that real clients and the harness agree with the reference server.
     */
    source: z.enum(["spec", "wire"]).default("spec"),
    /** Where the spec is ambiguous or contradicts itself: the reading we follow. */
    ruling: z.string().optional(),
  })
  .refine((c) => c.until === undefined || c.until > c.level, { message: "until must be greater than level", path: ["until"] })
  .refine((c) => c.id.startsWith(`fl${c.level}.${c.area}.`), {
    message: "the id's level and area must equal the clause's level and area",
    path: ["id"],
  });
export type Clause = z.infer<typeof ClauseSchema>;

export const LevelSchema = z.strictObject({
  level: z.number().int().min(FIRST_LEVEL).max(LAST_LEVEL),
  release: z.enum(RELEASES),
  /**
   * change: the level has change entries (clauses);
   * release: the level that marks a release, with no change of its own;
   * reserved: kept free for maintenance releases;
   * backport: a change that repeats a later level's change on a maintenance branch;
   * no-change: listed by the spec as having no change entry.
   */
  kind: z.enum(["change", "release", "reserved", "backport", "no-change"]),
  /** For a backport: the level whose change it repeats. */
  backportOf: z.number().int().optional(),
  note: z.string().optional(),
});
export type LevelEntry = z.infer<typeof LevelSchema>;

export const ConflictSchema = z.strictObject({
  id: z.string().regex(/^conflict\.[a-z0-9-]+$/),
  levels: z.array(z.number().int()).min(1),
  clauses: z.array(z.string().regex(CLAUSE_ID)).default([]),
  /** What the spec says, in its two readings. */
  says: z.string().min(10),
  /** Which reading the catalog, the reference server and the suites follow, and why. */
  resolution: z.string().min(10),
});
export type Conflict = z.infer<typeof ConflictSchema>;
