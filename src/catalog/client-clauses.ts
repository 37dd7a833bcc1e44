import { fileURLToPath } from "node:url";
import { z } from "zod";
import { QUIRKS, type QuirkName } from "../../facts/quirks.ts";
import { CatalogError, parseEntries, readYaml } from "./load.ts";
import { FIRST_LEVEL, LAST_LEVEL } from "./words.ts";

/**
 * The client clauses (data/client-clauses.yaml): what a well-behaved client does, judged from its traffic by the
 * rules of src/judge. They are not clauses of the spec's catalog (they bind the client, not the server), so they
 * have ids of their own, `client.<slug>`, and no area, tags or testability.
 */
export const CLIENT_CLAUSE_ID = /^client\.[a-z0-9]+(?:-[a-z0-9]+)*$/;

const level = z.number().int().min(FIRST_LEVEL).max(LAST_LEVEL);
const QUIRK_NAMES = QUIRKS.map((q) => q.name) as [QuirkName, ...QuirkName[]];

export const ClientClauseSchema = z
  .strictObject({
    id: z.string().regex(CLIENT_CLAUSE_ID, "must look like client.<slug> (lower-case, dashes)"),
    /** The level the clause applies from: a session with a server below it does not judge it. */
    level,
    /** The first level at which it no longer applies. */
    until: level.optional(),
    strength: z.enum(["must", "should"]),
    says: z.string().min(10),
    /** How the traffic decides it, in the words its rule implements. */
    judged: z.string().min(10),
    /** The rule's tolerances, by name (the rule reads them from here). */
    limits: z.record(z.string().regex(/^[a-z_]+$/), z.number().nonnegative()),
    /** The quirks that make a server exercise it (facts/quirks.ts); empty: any traffic does. */
    quirks: z.array(z.enum(QUIRK_NAMES)),
    endpoints: z.array(z.string().regex(/^(GET|POST|PATCH|PUT|DELETE|ANY) \//, "must be '<METHOD> /path'")).min(1),
  })
  .refine((c) => c.until === undefined || c.until > c.level, { message: "until must be greater than level", path: ["until"] });
export type ClientClause = z.infer<typeof ClientClauseSchema>;

const FILE = fileURLToPath(new URL("./data/client-clauses.yaml", import.meta.url));

/** Loads and validates a client clauses file; ids must be unique. */
export function loadClientClauses(path: string = FILE): ClientClause[] {
  const clauses = parseEntries(ClientClauseSchema, readYaml(path), "client-clauses.yaml");
  const seen = new Set<string>();
  for (const c of clauses) {
    if (seen.has(c.id)) throw new CatalogError(`client-clauses.yaml: ${c.id}: the id is used twice`);
    seen.add(c.id);
  }
  return clauses;
}

let cached: ClientClause[] | undefined;

/** The client clauses, loaded once per process. */
export function clientClauses(): readonly ClientClause[] {
  cached ??= loadClientClauses();
  return cached;
}

/** One client clause by id; throws on an unknown id, which is a bug of the caller's. */
export function clientClause(id: string): ClientClause {
  const c = clientClauses().find((x) => x.id === id);
  if (!c) throw new Error(`unknown client clause '${id}' (not in src/catalog/data/client-clauses.yaml)`);
  return c;
}

/** A limit of a clause by name; throws when the data does not give it, so that no rule falls back on a guess. */
export function limitOf(c: ClientClause, name: string): number {
  const v = c.limits[name];
  if (v === undefined) throw new Error(`${c.id}: client-clauses.yaml gives no limit '${name}'`);
  return v;
}
