import { z } from "zod";
import { badNarrow } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { Message } from "../../state/types.ts";
import { compileNarrow, NarrowSchema, type NarrowTerm } from "./narrow.ts";
import { escapeHtml } from "./escape.ts";
import { topicFor } from "../../wire/topic.ts";

/** Wraps each search word in the text (not the tags) of `html` in a highlight span. */
function highlight(html: string, words: readonly string[]): string {
  if (words.length === 0) return html;
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "gi");
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith("<") ? part : part.replace(pattern, '<span class="highlight">$1</span>')))
    .join("");
}

function searchWords(terms: readonly NarrowTerm[]): string[] {
  return terms
    .filter((t) => t.operator === "search" && !t.negated && typeof t.operand === "string")
    .flatMap((t) =>
      String(t.operand)
        .split(/\s+/)
        .filter((w) => w !== ""),
    );
}

/** The dm operators of FL177 (fault hook for fl177.messages.matches-narrow-dm-filters). */
function rejectDmFilters(terms: readonly NarrowTerm[]): void {
  const dm = terms.find((t) => t.operator === "dm" || t.operator === "dm-including" || (t.operator === "is" && t.operand === "dm"));
  if (dm) throw badNarrow(`unknown operator ${dm.operator}`);
}

/**
 * GET /messages/matches_narrow: msg_ids and narrow → {messages: {id: {match_content, match_subject}}} for the
 * messages among msg_ids that the user received and that match; search words are highlighted.
 */
function matchesNarrow(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const ids = params.json("msg_ids", z.array(z.number().int()));
  const terms = params.json("narrow", NarrowSchema);
  if (rt.faulty("fl177.messages.matches-narrow-dm-filters")) rejectDmFilters(terms);
  const narrow = compileNarrow(rt, user, terms);
  const test = rt.faulty("fl153.messages.matches-narrow") ? () => true : narrow.test;
  const words = searchWords(terms);
  const out: Record<string, { match_content: string; match_subject: string }> = {};
  for (const id of ids) {
    const m: Message | undefined = rt.store.messages.get(id);
    if (!m || rt.store.flagsOf(user.id, id) === undefined || !test(m)) continue;
    const subject = m.type === "stream" ? topicFor(rt, m.topic, false) : "";
    out[String(id)] = { match_content: highlight(m.renderedContent, words), match_subject: highlight(escapeHtml(subject), words) };
  }
  return { messages: out };
}

export const routes: Route[] = [authed("GET", "/messages/matches_narrow", matchesNarrow)];
