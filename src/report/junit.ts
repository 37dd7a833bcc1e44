import type { Results, TestResult } from "../results/schema.ts";
import { groupBy, truncate } from "./format.ts";
import { byLevel, countStatuses, orderAreas } from "../results/tally.ts";

/**
 * JUnit XML for CI systems: <testsuites> > one <testsuite> per area > <testcase classname=area>.
 * fail and unexpected-pass → <failure>; error and blocked → <error>; n/a and skipped → <skipped>;
 * expected-fail → <skipped> with the expectations entry's reason (as pytest reports xfail, and as Allure shows it);
 * unverifiable → <skipped> with why and what would make it runnable (a strict run's verdict counts it, but nothing
 * about the server failed, so CI views show it as not run).
 */

/** Characters XML 1.0 forbids (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF): stripped. */
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function stripInvalidXml(s: string): string {
  return s.replace(INVALID_XML, "");
}

/** Text content: & < > escaped (> too, so "]]>" can never appear). */
export function xmlText(s: string): string {
  return stripInvalidXml(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Attribute value (double-quoted): also quotes, and whitespace kept as character references. */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, "&quot;").replace(/'/g, "&apos;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;");
}

const seconds = (ms: number) => (Number.isFinite(ms) && ms > 0 ? ms / 1000 : 0).toFixed(3);

/** The message attribute: the first line, kept short (the whole text goes in the element body). */
function shortMessage(s: string | undefined, fallback: string): string {
  const line = (s ?? "").trim().split(/\r?\n/, 1)[0] ?? "";
  if (!line) return fallback;
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** The body of <failure>/<error>: message, curl line, and the exchanges as one line each. */
function evidence(t: TestResult): string {
  const parts: string[] = [];
  if (t.message) parts.push(truncate(t.message, 20_000));
  parts.push(`clauses: ${t.clauses.join(", ")} (FL ${t.level}, ${t.strength})`);
  if (t.curl) parts.push(`reproduce: ${t.curl}`);
  if (t.exchanges.length) {
    const lines = t.exchanges.map((x) => {
      const code = x.status === undefined ? (x.error ? `error: ${x.error}` : "no response") : String(x.status);
      return `  ${x.method} ${x.url} -> ${code}`;
    });
    parts.push(`exchanges:\n${lines.join("\n")}`);
  }
  return parts.join("\n\n");
}

function testcase(t: TestResult): string {
  const head = `<testcase classname="${xmlAttr(t.area)}" name="${xmlAttr(`${t.title} [${t.clauses.join(", ")}]`)}" time="${seconds(t.durationMs)}" file="${xmlAttr(t.file)}"`;
  switch (t.status) {
    case "pass":
      return `${head}/>`;
    case "fail":
      return `${head}>\n      <failure type="fail" message="${xmlAttr(shortMessage(t.message, "failed"))}">${xmlText(evidence(t))}</failure>\n    </testcase>`;
    case "unexpected-pass":
      return `${head}>\n      <failure type="unexpected-pass" message="${xmlAttr(shortMessage(t.message, "passed, but the expectations file says it should fail"))}">${xmlText(evidence(t))}</failure>\n    </testcase>`;
    case "error":
    case "blocked":
      return `${head}>\n      <error type="${t.status}" message="${xmlAttr(shortMessage(t.message, t.status))}">${xmlText(evidence(t))}</error>\n    </testcase>`;
    case "n/a":
    case "skipped":
      return `${head}>\n      <skipped message="${xmlAttr(`${t.status}: ${shortMessage(t.message, t.status === "n/a" ? "not applicable at this level" : "skipped")}`)}"/>\n    </testcase>`;
    case "unverifiable": {
      const why = `unverifiable: ${shortMessage(t.message, "not verifiable on this target")}; to verify it: ${t.remedy ?? "see the report"}`;
      return `${head}>\n      <skipped message="${xmlAttr(why)}"/>\n      <system-out>${xmlText(why)}</system-out>\n    </testcase>`;
    }
    case "expected-fail":
      return `${head}>\n      <skipped message="${xmlAttr(`expected-fail: ${shortMessage(t.message, "listed in the expectations file")}`)}"/>\n      <system-out>${xmlText(t.message ?? "")}</system-out>\n    </testcase>`;
  }
}

interface Tally {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  time: number;
}

function tally(tests: readonly TestResult[]): Tally {
  const c = countStatuses(tests);
  return {
    tests: tests.length,
    failures: c.fail + c["unexpected-pass"],
    errors: c.error + c.blocked,
    skipped: c["n/a"] + c.skipped + c.unverifiable + c["expected-fail"],
    time: tests.reduce((a, t) => a + (Number.isFinite(t.durationMs) && t.durationMs > 0 ? t.durationMs : 0), 0),
  };
}

const counts = (c: Tally) => `tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}"`;

export function renderJunit(results: Results): string {
  const groups = groupBy(results.tests, (t) => t.area);
  const all = tally(results.tests);
  const target = results.target;
  const props: [string, string][] = [
    ["target.url", target.url],
    ["target.kind", target.kind],
    ["target.product", target.product],
    ["target.featureLevel", String(target.featureLevel)],
    ["target.release", target.release ?? ""],
    ["target.faults", target.faults.join(", ")],
    ["verifiedLevel", results.verifiedLevel === null ? "" : String(results.verifiedLevel)],
    ["partial", results.partial ? results.partial.reasons.join("; ") : ""],
    ["strict", String(results.strict)],
    ["tool", `${results.tool.name} ${results.tool.version}`],
  ];
  const properties = `    <properties>\n${props.map(([k, v]) => `      <property name="${xmlAttr(k)}" value="${xmlAttr(v)}"/>`).join("\n")}\n    </properties>`;
  const suites = orderAreas(groups.keys()).map((area) => {
    const tests = (groups.get(area) ?? []).slice().sort(byLevel);
    const c = tally(tests);
    return `  <testsuite name="${xmlAttr(area)}" ${counts(c)} time="${seconds(c.time)}" timestamp="${xmlAttr(results.startedAt)}">\n${properties}\n${tests.map((t) => `    ${testcase(t)}`).join("\n")}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${xmlAttr(results.tool.name)}" ${counts(all)} time="${seconds(results.durationMs)}">
${suites.join("\n")}${suites.length ? "\n" : ""}</testsuites>
`;
}
