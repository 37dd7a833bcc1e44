import { realName } from "../../facts/names.ts";
import { limitOf } from "../catalog/client-clauses.ts";
import { datedUses, offeredAt, type DatedUse } from "../product/level-dated.ts";
import { operationOf } from "../product/operations.ts";
import { isRegister, levelIn } from "./seen.ts";
import { Tally, type RuleFactory } from "./rule.ts";

const describe = (u: DatedUse): string => (u.param === undefined ? `the endpoint ${u.endpoint}` : `the parameter '${u.param}' of ${u.endpoint}`);

const dates = (u: DatedUse): string =>
  [u.since !== undefined ? `added at FL ${u.since}` : "", u.until !== undefined ? `removed at FL ${u.until}` : ""].filter(Boolean).join(", ");

/**
 * client.checks-feature-level: a request whose endpoint, or a parameter it sends, the API dates (datedUses, the
 * same reading the proxy's request warnings make: added above first_level, or removed) needs an answer that gave
 * the client the feature level (its own successful register or server_settings, or an unauthenticated
 * server_settings of its User-Agent) to have ended before it started, and that level to offer what it uses. One
 * instance per level-dated request.
 */
export const checksFeatureLevel: RuleFactory = (clause, facts, agent) => {
  const firstLevel = limitOf(clause, "first_level");
  const tally = new Tally();
  const told: Array<{ at: number; level: number }> = [];
  const names = facts.product === "zulip" ? (n: string) => n : realName;
  return {
    see(s) {
      const level = levelIn(s);
      const operation = operationOf(s.method, s.path);
      if (operation) {
        const uses = datedUses(operation, s.params.keys(), facts.product, names).filter(
          (u) => (u.since !== undefined && u.since > firstLevel) || u.until !== undefined,
        );
        if (uses.length) {
          tally.judged++;
          const known = [...told, ...(facts.toldByAgent.get(agent) ?? [])]
            .filter((t) => t.at <= s.start)
            .sort((a, b) => a.at - b.at)
            .at(-1);
          if (!known)
            tally.breach(
              `the feature level learnt (POST /register or GET /server_settings) before using ${describe(uses[0]!)} (${dates(uses[0]!)})`,
              `used with no answer that gave the level before it${isRegister(s) ? " (a register that sends it must follow a GET /server_settings)" : ""}`,
              s,
            );
          else {
            const lacking = uses.find((u) => !offeredAt(u, known.level));
            if (lacking)
              tally.breach(
                `no use of ${describe(lacking)} (${dates(lacking)}) on a server at FL ${known.level}`,
                `used, though the client had been told FL ${known.level}`,
                s,
              );
          }
        }
      }
      if (level !== undefined) {
        told.push({ at: s.end, level });
        if (told.length > 20) told.splice(0, told.length - 20);
      }
    },
    verdict() {
      return tally.verdict("level-dated requests", "no request used an endpoint or parameter that a level added or removed");
    },
  };
};
