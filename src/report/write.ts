import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { badgeOf, renderBadgeSvg } from "./badge.ts";
import { renderHtml, type HtmlOptions } from "./html.ts";
import { renderJunit } from "./junit.ts";
import type { Results } from "../results/schema.ts";

/** The files every run writes, rendered from its one results document. */
export const REPORT_FILES = ["results.json", "index.html", "junit.xml", "badge.json", "badge.svg"] as const;

/** Writes every report of a run into outDir (created if missing). */
export function writeReports(outDir: string, results: Results, html: HtmlOptions = {}): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, "index.html"), renderHtml(results, html));
  writeFileSync(join(outDir, "junit.xml"), renderJunit(results));
  const badge = badgeOf(results);
  writeFileSync(join(outDir, "badge.json"), `${JSON.stringify(badge)}\n`);
  writeFileSync(join(outDir, "badge.svg"), renderBadgeSvg(badge));
}
