import { clientClauses } from "../../catalog/client-clauses.ts";

/**
 * `list --client-clauses`: each client clause, its level and strength, what it requires, how the traffic decides it
 * (with its tolerances) and the quirks that exercise it: what a client developer reads beside the client report.
 */
export function printClientClauses(json: boolean, io: { out: (s: string) => void }): number {
  const clauses = clientClauses();
  if (json) {
    io.out(JSON.stringify(clauses, null, 2));
    return 0;
  }
  for (const c of clauses) {
    const levels = c.until === undefined ? `FL ${c.level}+` : `FL ${c.level}–${c.until - 1}`;
    io.out(`${c.id}  (${c.strength}, ${levels}; quirks: ${c.quirks.length ? c.quirks.join(", ") : "none needed"})`);
    io.out(`    says:   ${c.says}`);
    io.out(`    judged: ${c.judged}`);
    const limits = Object.entries(c.limits);
    if (limits.length) io.out(`    limits: ${limits.map(([k, v]) => `${k} ${v}`).join(", ")}`);
  }
  const must = clauses.filter((c) => c.strength === "must").length;
  io.out(
    `${clauses.length} client clauses: ${must} must, ${clauses.length - must} should; proxy and serve --quirks judge each client (account and User-Agent) by them`,
  );
  return 0;
}
