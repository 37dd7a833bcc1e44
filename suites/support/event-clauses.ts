import { catalog } from "../../src/catalog/catalog.ts";

/** The clauses that introduce or change an event (the catalog's `events` of a clause). */
export const EVENT_CLAUSES: readonly string[] = catalog()
  .clauses.filter((c) => (c.events ?? []).length > 0)
  .map((c) => c.id);
