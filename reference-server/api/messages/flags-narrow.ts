import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { changeFlags, ignoredField, readFlagChange } from "./flag-update.ts";
import { NarrowSchema } from "./narrow.ts";
import { fetchRange, readRange } from "./range.ts";

/**
 * POST /messages/flags/narrow (FL155, wire §14): the flag change of POST /messages/flags over the range that
 * GET /messages would return for the same anchor, counts and narrow. Unknown before FL155.
 */
function updateFlagsForNarrow(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const narrow = params.json("narrow", NarrowSchema);
  const change = readFlagChange(params);
  const range = fetchRange(ctx, narrow, readRange(ctx, "clamp"));
  const ids = range.messages.map((m) => m.id);
  const result = changeFlags(rt, user, change, ids);
  return {
    processed_count: ids.length,
    updated_count: result.changed.length,
    first_processed_id: ids[0] ?? null,
    last_processed_id: ids[ids.length - 1] ?? null,
    found_oldest: range.foundOldest,
    found_newest: range.foundNewest,
    ...ignoredField(rt, change, result),
  };
}

export const routes: Route[] = [authed("POST", "/messages/flags/narrow", updateFlagsForNarrow, { level: "flagsNarrowEndpoint" })];
