import type { ThrottleSummary } from "../results/schema.ts";

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * The summary's line on throttling, when the target's limits were met: "throttled: 330 answers 429, 95 s waited
 * (member 70 s, …)", and "rate-limited: …" when the run could not wait them out. Null when nothing was throttled.
 */
export function throttleLines(t: ThrottleSummary | undefined): string[] {
  if (!t) return [];
  const lines: string[] = [];
  if (t.limited > 0 || t.waitedMs >= 1000) {
    const by = t.personas
      .filter((p) => p.waitedMs >= 500 || p.limited > 0)
      .sort((a, b) => b.waitedMs - a.waitedMs)
      .map((p) => `${p.persona}${p.organization === "throw-away" ? " (throw-away organizations)" : ""} ${seconds(p.waitedMs)}`);
    const early = t.personas.reduce((a, p) => a + p.earlyResends, 0);
    lines.push(
      `Throttled: ${t.limited} answer${t.limited === 1 ? "" : "s"} 429, ${seconds(t.waitedMs)} waited${by.length ? ` (${by.join(", ")})` : ""}; --rate-limit ${t.setting}` +
        (early ? `; ${early} re-sent before the announced wait` : ""),
    );
  }
  if (t.rateLimited) lines.push(t.rateLimited.line);
  return lines;
}
