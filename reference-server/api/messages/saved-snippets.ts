import { publishSavedSnippetAdded, publishSavedSnippetRemoved, publishSavedSnippetUpdated } from "../../events/saved-snippets.ts";
import { badRequest, resourceNotFound } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { SavedSnippet } from "../../state/saved-snippets.ts";
import { MAX_MESSAGE_LENGTH } from "../../wire/topic.ts";
import { serializeSavedSnippet } from "../../wire/saved-snippet.ts";

/** SavedSnippet.MAX_TITLE_LENGTH of real servers; content may be as long as a message. */
const MAX_TITLE_LENGTH = 60;

/** A title or content, trimmed: empty or too long is 400. */
function readText(ctx: RequestContext, name: "title" | "content", required: boolean): string | undefined {
  const raw = required ? ctx.params.str(name) : ctx.params.optStr(name);
  if (raw === undefined) return undefined;
  const text = raw.trim();
  const limit = name === "title" ? MAX_TITLE_LENGTH : MAX_MESSAGE_LENGTH;
  if (text === "") throw badRequest(name === "title" ? "Title cannot be empty." : "Content cannot be empty.");
  if ([...text].length > limit) throw badRequest(`${name} is too long (limit: ${limit} characters)`);
  return text;
}

/** The user's snippet named by the path, or 404 with code BAD_REQUEST. */
function ownSnippet(ctx: RequestContext): SavedSnippet {
  const snippet = ctx.rt.store.savedSnippets.get(ctx.user.id, Number(ctx.path.saved_snippet_id));
  if (!snippet) throw resourceNotFound("Saved snippet does not exist.");
  return snippet;
}

function listSnippets(ctx: RequestContext): Record<string, unknown> {
  return { saved_snippets: ctx.rt.store.savedSnippets.ofOwner(ctx.user.id).map(serializeSavedSnippet) };
}

/** POST /saved_snippets `title`, `content` → {saved_snippet_id}. */
function createSnippet(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const title = readText(ctx, "title", true)!;
  const content = readText(ctx, "content", true)!;
  const snippet = rt.store.savedSnippets.create(user.id, title, content, rt.store.clock());
  publishSavedSnippetAdded(rt, snippet);
  return { saved_snippet_id: snippet.id };
}

/** PATCH /saved_snippets/{id} (FL368): `title` and/or `content`; with neither, success and no event. */
function editSnippet(ctx: RequestContext): Record<string, unknown> {
  const snippet = ownSnippet(ctx);
  const title = readText(ctx, "title", false);
  const content = readText(ctx, "content", false);
  if (title === undefined && content === undefined) return {};
  ctx.rt.store.savedSnippets.edit(snippet, { ...(title !== undefined ? { title } : {}), ...(content !== undefined ? { content } : {}) });
  publishSavedSnippetUpdated(ctx.rt, snippet);
  return {};
}

function deleteSnippet(ctx: RequestContext): Record<string, unknown> {
  const snippet = ownSnippet(ctx);
  ctx.rt.store.savedSnippets.remove(snippet);
  publishSavedSnippetRemoved(ctx.rt, snippet.ownerId, snippet.id);
  return {};
}

export const routes: Route[] = [
  authed("GET", "/saved_snippets", listSnippets, { operation: "get-saved-snippets" }),
  authed("POST", "/saved_snippets", createSnippet, { operation: "create-saved-snippet" }),
  authed("PATCH", "/saved_snippets/:saved_snippet_id(^\\d+$)", editSnippet, { operation: "edit-saved-snippet" }),
  authed("DELETE", "/saved_snippets/:saved_snippet_id(^\\d+$)", deleteSnippet, { operation: "delete-saved-snippet" }),
];
