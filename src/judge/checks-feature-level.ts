import { realName } from "../../facts/names.ts";
import { limitOf } from "../catalog/client-clauses.ts";
import { datedUses, offeredAt, type DatedUse } from "../product/level-dated.ts";
import { operationOf } from "../product/operations.ts";
import { isRegister, levelIn, type Seen } from "./seen.ts";
import { Deferred, Tally, type RuleFactory } from "./rule.ts";

const describe = (u: DatedUse): string => (u.param === undefined ? `the endpoint ${u.endpoint}` : `the parameter '${u.param}' of ${u.endpoint}`);

const dates = (u: DatedUse): string =>
  [u.since !== undefined ? `added at FL ${u.since}` : "", u.until !== undefined ? `removed at FL ${u.until}` : ""].filter(Boolean).join(", ");

/**
 * client.checks-feature-level: a request whose endpoint, or a parameter it sends, the API dates (datedUses, the
 * same reading the proxy's request warnings make: added above first_level, or removed) needs an answer that gave
 * the client the feature level (its own successful register or server_settings, or an unauthenticated
 * server_settings of its User-Agent) to have been sent before it, and that level to offer what it uses. One
 * instance per level-dated request, judged SETTLE_MS later (Deferred): the proxy may hand a request on before the
 * answer it follows.
 */
export const checksFeatureLevel: RuleFactory = (clause, facts, agent) => {
  const firstLevel = limitOf(clause, "first_level");
  const tally = new Tally();
  const told: Array<{ at: number; level: number }> = [];
  const names = facts.product === "zulip" ? (n: string) => n : realName;
  const later = new Deferred<{ s: Seen; uses: DatedUse[] }>(({ s, uses }, into) => {
    into.judged++;
    const known = [...told, ...(facts.toldByAgent.get(agent) ?? [])]
      .filter((t) => t.at < s.start)
      .sort((a, b) => a.at - b.at)
      .at(-1);
    if (!known)
      into.breach(
        `the feature level learnt (POST /register or GET /server_settings) before using ${describe(uses[0]!)} (${dates(uses[0]!)})`,
        `used with no answer that gave the level before it${isRegister(s) ? " (a register that sends it must follow a GET /server_settings)" : ""}`,
        s,
      );
    else {
      const lacking = uses.find((u) => !offeredAt(u, known.level));
      if (lacking)
        into.breach(
          `no use of ${describe(lacking)} (${dates(lacking)}) on a server at FL ${known.level}`,
          `used, though the client had been told FL ${known.level}`,
          s,
        );
    }
  });
  return {
    see(s) {
      const level = levelIn(s);
      const operation = operationOf(s.method, s.path);
      if (operation) {
        const uses = datedUses(operation, s.params.keys(), facts.product, names).filter(
          (u) => (u.since !== undefined && u.since > firstLevel) || u.until !== undefined,
        );
        if (uses.length) later.add(s.start, { s, uses });
      }
      if (level !== undefined) {
        // When it was sent: the proxy records an answer's end only after the client has it (see declares-capabilities.ts).
        told.push({ at: s.start, level });
        if (told.length > 20) told.splice(0, told.length - 20);
      }
      later.flush(s.end, tally);
    },
    verdict() {
      return later.finish(tally).verdict("level-dated requests", "no request used an endpoint or parameter that a level added or removed");
    },
  };
};
