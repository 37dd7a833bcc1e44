/**
 * Writes an example HTML report (60 tests, several areas and releases, failures with evidence) for a visual
 * check: `npx tsx test/report/example.ts [out.html]` (default /tmp/report-example.html). Not a test.
 */
import { writeFileSync } from "node:fs";
import { renderHtml } from "../../src/report/html.ts";
import { renderJunit } from "../../src/report/junit.ts";
import { renderSummary } from "../../src/report/summary.ts";
import { exampleResults } from "./fixtures.ts";

const out = process.argv[2] ?? "/tmp/report-example.html";
const doc = exampleResults();
writeFileSync(out, renderHtml(doc));
writeFileSync(out.replace(/\.html$/, "") + ".junit.xml", renderJunit(doc));
process.stdout.write(renderSummary(doc));
process.stdout.write(`wrote ${out}\n`);
