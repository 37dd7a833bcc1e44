import type { Results } from "../results/schema.ts";
import { leftTestsOut } from "../results/verdict.ts";

/** A shields.io endpoint document (https://shields.io/badges/endpoint-badge): serve it and point a badge at it. */
export interface ShieldsEndpoint {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
}

/**
 * The headline as a badge: the verified level, green when the target conforms at its own level. A partial run is
 * grey and says so (its level covers only what it ran); clauses not verifiable here are counted in the message.
 */
export function badgeOf(results: Results): ShieldsEndpoint {
  const fl = results.target.featureLevel;
  const v = results.verifiedLevel;
  const s = results.summary;
  const red = s.mustProblems > 0;
  const partial = leftTestsOut(results);
  const passed = (s.byStatus.pass ?? 0) > 0;
  let message =
    v === null
      ? red
        ? "not conforming"
        : results.session && passed
          ? "no violation seen"
          : partial && passed
            ? "partial run"
            : passed
              ? "no level verified"
              : "nothing verified"
      : v >= fl
        ? `conforms through FL ${v}`
        : `FL ${v} of ${fl}`;
  if (v !== null && partial) message += " (partial run)";
  if (s.unverifiableClauses > 0) message += ` (${s.unverifiableClauses} unverifiable)`;
  const color = red
    ? v !== null && v >= fl - 20
      ? "orange"
      : "red"
    : v === null || partial
      ? "lightgrey"
      : s.shouldFailures > 0
        ? "yellowgreen"
        : "brightgreen";
  return { schemaVersion: 1, label: "chat API", message, color };
}

const COLORS: Record<string, string> = { brightgreen: "#4c1", yellowgreen: "#a4a61d", orange: "#fe7d37", red: "#e05d44", lightgrey: "#9f9f9f" };

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Width of a text in Verdana 11px, close enough for a badge (average advance 6.6 px, narrower for digits and spaces). */
function textWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[0-9 ]/.test(ch) ? 6.2 : /[iljtf.,:]/.test(ch) ? 3.6 : /[mwMW]/.test(ch) ? 9.5 : 6.8;
  return Math.round(w);
}

/** The same badge as a self-contained flat SVG, for reports published without a shields server. */
export function renderBadgeSvg(b: ShieldsEndpoint): string {
  const lw = textWidth(b.label) + 12;
  const mw = textWidth(b.message) + 12;
  const fill = COLORS[b.color] ?? COLORS.lightgrey!;
  const label = escape(b.label);
  const message = escape(b.message);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + mw}" height="20" role="img" aria-label="${label}: ${message}">
<title>${label}: ${message}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${lw + mw}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${mw}" height="20" fill="${fill}"/><rect width="${lw + mw}" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${lw / 2}" y="15" fill="#010101" fill-opacity=".3">${label}</text><text x="${lw / 2}" y="14">${label}</text>
<text x="${lw + mw / 2}" y="15" fill="#010101" fill-opacity=".3">${message}</text><text x="${lw + mw / 2}" y="14">${message}</text>
</g>
</svg>
`;
}
