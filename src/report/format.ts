import type { ResultStatus } from "../results/schema.ts";

/** Shared helpers of the renderers (HTML, JUnit, plain text): grouping, escaping, times and lengths. */

/** A CSS-safe class name for a status ("n/a" → "s-na"). */
export function statusClass(s: ResultStatus): string {
  return `s-${s.replace("/", "")}`;
}

export function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    const list = out.get(k);
    if (list) list.push(it);
    else out.set(k, [it]);
  }
  return out;
}

/** The HTML anchor of a test: by index, since test ids may hold spaces and other characters. */
export function anchorOf(index: number): string {
  return `t${index}`;
}

export function fmtDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const m = Math.floor(ms / 60_000);
  return `${m} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** An ISO timestamp as "2025-01-15 10:20:30 UTC"; anything else as given. */
export function fmtTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

export function firstLine(s: string | undefined, max = 160): string {
  if (!s) return "";
  const line = s.trim().split(/\r?\n/, 1)[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Cuts a long text, saying how much was left out. */
export function truncate(s: string, max: number): string {
  if (s.length <= max) return s;
  return `${s.slice(0, max)}\n… (${s.length - max} more characters not shown)`;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text or attribute value → HTML. Control characters (invalid in HTML text) are shown as \xNN,
 * lone surrogates as U+FFFD.
 */
export function escapeHtml(s: string): string {
  return s
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
    .replace(/\p{Cs}/gu, "\uFFFD");
}

/** A body for display: pretty-printed when it is JSON (and not huge), else as is. */
export function prettyBody(body: string): string {
  const t = body.trim();
  if (t.length > 200_000 || !(t.startsWith("{") || t.startsWith("["))) return body;
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    return body;
  }
}

/**
 * The opening every report page shares, up to its <main>: language, viewport, the tool that generated it, the
 * title and the page's own inline style (`head` adds what else a page puts in its head).
 */
export function pageStart(tool: { name: string; version: string }, title: string, style: string, head = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${escapeHtml(tool.name)} ${escapeHtml(tool.version)}">
<title>${escapeHtml(title)}</title>
<style>${style}</style>${head}
</head>
<body>
<main>`;
}
