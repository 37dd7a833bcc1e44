import * as allure from "allure-js-commons";
import { catalog } from "../catalog/catalog.ts";
import { toCurl } from "../client/exchange.ts";
import type { TestMeta } from "../results/test-records.ts";
import type { TargetInfo } from "../target/target.ts";

/**
 * Allure output. `run` adds the allure-vitest reporter; each test then tells Allure what it is in conformance
 * terms: the release as epic, the area as feature, the clause as story, the level as a parameter, the spec's words
 * as description, and every exchange with its curl line as an attachment. Statuses are the vitest ones, which the
 * worker has already settled with the expectations file (an expected failure is a skip with its reason).
 */
export async function describeForAllure(meta: TestMeta, target: TargetInfo): Promise<void> {
  const cat = catalog();
  const clause = cat.mustClause(meta.clauses[0]!);
  const release = cat.releaseOf(clause.level);
  await allure.epic(release !== undefined ? `release ${release}` : "before the catalog floor");
  await allure.feature(clause.area);
  for (const id of meta.clauses) await allure.story(id);
  await allure.severity(clause.strength === "must" ? "critical" : clause.strength === "should" ? "normal" : "minor");
  await allure.tags(...clause.tags, `conformance:${meta.status}`);
  await allure.parameter("target feature level", String(target.featureLevel));
  await allure.parameter("clause level", String(clause.level));
  await allure.parentSuite(`${target.kind} FL ${target.featureLevel}`);
  await allure.description(
    meta.clauses
      .map((id) => {
        const c = cat.mustClause(id);
        return `**${id}** (FL ${c.level}${c.until !== undefined ? ` until ${c.until}` : ""}, ${c.strength}): ${c.says}`;
      })
      .concat([`**conformance status: ${meta.status}**${meta.message !== undefined ? `: ${meta.message}` : ""}`])
      .concat(meta.remedy !== undefined ? [`**to verify it:** ${meta.remedy}`] : [])
      .join("\n\n"),
  );
  // One attachment for all of a test's exchanges, each with its curl line: a file per exchange made thousands of
  // files in a run, written by the process that also serves the embedded reference server.
  if (meta.exchanges.length) {
    const text = meta.exchanges
      .map((ex, i) =>
        [
          `${i + 1}. ${ex.method} ${new URL(ex.url).pathname}`,
          toCurl(ex),
          ex.error !== undefined ? `no response: ${ex.error}` : `HTTP ${ex.status ?? "?"}`,
          ex.responseBody ?? "",
        ].join("\n"),
      )
      .join("\n\n");
    await allure.attachment(`exchanges (${meta.exchanges.length}), each with its curl line`, text, "text/plain");
  }
}

/**
 * Categories for the Allure report's failed tests, by the status word the harness puts first in the message.
 * Skipped tests carry no message in Allure; their conformance status (n/a, skipped, unverifiable, expected-fail) is
 * the `conformance:<status>` tag and heads the description (an unverifiable test's remedy follows it).
 */
export const ALLURE_CATEGORIES = [
  { name: "Blocked by a failed prerequisite", matchedStatuses: ["failed" as const, "broken" as const], messageRegex: "^BLOCKED:[\\s\\S]*" },
  { name: "Listed as expected to fail but passed", matchedStatuses: ["failed" as const, "broken" as const], messageRegex: "^UNEXPECTED-PASS:[\\s\\S]*" },
  { name: "Conformance failures", matchedStatuses: ["failed" as const, "broken" as const], messageRegex: "^FAIL:[\\s\\S]*" },
  { name: "Harness errors", matchedStatuses: ["failed" as const, "broken" as const], messageRegex: "^ERROR:[\\s\\S]*" },
];
