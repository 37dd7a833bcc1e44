import { z } from "zod";
import { publishDraftRemoved, publishDraftsAdded, publishDraftUpdated } from "../../../events/drafts.ts";
import { resourceNotFound } from "../../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../../runtime.ts";
import type { Draft } from "../../../state/drafts.ts";
import { DraftInput, draftFields, requireDraftSync } from "./read.ts";
import { serializeDraft } from "../../../wire/draft.ts";

/** The user's draft named by the path, or 404 with code BAD_REQUEST. */
function ownDraft(ctx: RequestContext): Draft {
  const draft = ctx.rt.store.drafts.get(ctx.user.id, Number(ctx.path.draft_id));
  if (!draft) throw resourceNotFound("Draft does not exist");
  return draft;
}

/** GET /drafts → {count, drafts}: the user's drafts, least recently edited first. */
function listDrafts(ctx: RequestContext): Record<string, unknown> {
  requireDraftSync(ctx);
  const drafts = ctx.rt.store.drafts.ofOwner(ctx.user.id);
  return { count: drafts.length, drafts: drafts.map(serializeDraft) };
}

/** POST /drafts `drafts` (JSON list) → {ids}: all are checked before any is kept; one drafts/add event lists them. */
function createDrafts(ctx: RequestContext): Record<string, unknown> {
  requireDraftSync(ctx);
  const { rt, user } = ctx;
  const inputs = ctx.params.json("drafts", z.array(DraftInput));
  const fields = inputs.map((d, i) => draftFields(ctx, d, `drafts[${i}]`));
  const created = fields.map((f) => rt.store.drafts.create(user.id, f));
  publishDraftsAdded(rt, user.id, created);
  return { ids: created.map((d) => d.id) };
}

/** PATCH /drafts/{draft_id} `draft` (JSON object): replaces the draft whole. */
function editDraft(ctx: RequestContext): Record<string, unknown> {
  requireDraftSync(ctx);
  const draft = ownDraft(ctx);
  const fields = draftFields(ctx, ctx.params.json("draft", DraftInput), "draft");
  ctx.rt.store.drafts.replace(draft, fields);
  publishDraftUpdated(ctx.rt, draft);
  return {};
}

function deleteDraft(ctx: RequestContext): Record<string, unknown> {
  requireDraftSync(ctx);
  const draft = ownDraft(ctx);
  ctx.rt.store.drafts.remove(draft);
  publishDraftRemoved(ctx.rt, draft.ownerId, draft.id);
  return {};
}

export const routes: Route[] = [
  authed("GET", "/drafts", listDrafts, { operation: "get-drafts" }),
  authed("POST", "/drafts", createDrafts, { operation: "create-drafts" }),
  authed("PATCH", "/drafts/:draft_id(^\\d+$)", editDraft, { operation: "edit-draft" }),
  authed("DELETE", "/drafts/:draft_id(^\\d+$)", deleteDraft, { operation: "delete-draft" }),
];
