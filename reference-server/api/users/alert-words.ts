import { z } from "zod";
import { publishAlertWords } from "../../events/alert-words.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../runtime.ts";
import type { User } from "../../state/types.ts";

/** The longest alert word or phrase real servers accept. */
const MAX_ALERT_WORD_LENGTH = 100;

/** `alert_words` (JSON list of strings); `limit`: each word's longest length, checked before trimming. */
function readWords(ctx: RequestContext, limit?: number): string[] {
  const words = ctx.params.json("alert_words", z.array(z.string()));
  if (limit !== undefined) {
    const i = words.findIndex((w) => [...w].length > limit);
    if (i >= 0) throw badRequest(`alert_words[${i}] is too long (limit: ${limit} characters)`);
  }
  return words;
}

const currentWords = (ctx: RequestContext) => ({ alert_words: [...ctx.rt.store.alertWords.of(ctx.user.id)] });

/** POST /users/me/alert_words: adds the words (trimmed; blank ones dropped; known ones, in any case, ignored) → the list. */
function addWords(ctx: RequestContext): Record<string, unknown> {
  const words = readWords(ctx, MAX_ALERT_WORD_LENGTH)
    .map((w) => w.trim())
    .filter((w) => w !== "");
  ctx.rt.store.alertWords.add(ctx.user.id, words);
  publishAlertWords(ctx.rt, ctx.user.id);
  return currentWords(ctx);
}

/** DELETE /users/me/alert_words: removes the words in any case; unknown ones are ignored → the list. */
function removeWords(ctx: RequestContext): Record<string, unknown> {
  ctx.rt.store.alertWords.remove(ctx.user.id, readWords(ctx));
  publishAlertWords(ctx.rt, ctx.user.id);
  return currentWords(ctx);
}

/** register `alert_words`: the user's words. */
export function alertWordsSection(rt: Runtime, user: User): Record<string, unknown> {
  return { alert_words: [...rt.store.alertWords.of(user.id)] };
}

export const routes: Route[] = [
  authed("GET", "/users/me/alert_words", currentWords, { operation: "get-alert-words" }),
  authed("POST", "/users/me/alert_words", addWords, { operation: "add-alert-words" }),
  authed("DELETE", "/users/me/alert_words", removeWords, { operation: "remove-alert-words" }),
];
