import { z } from "zod";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { changeFlags, ignoredField, readFlagChange } from "./flag-update.ts";

/**
 * POST /messages/flags (wire §14): `messages` (JSON list of ids), `op`, `flag`. The response echoes the ids
 * asked for, as real servers do, and from FL355 lists skipped channels when marking unread.
 */
function updateFlags(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const ids = params.json("messages", z.array(z.number().int()));
  const change = readFlagChange(params);
  const result = changeFlags(rt, user, change, ids);
  return { messages: ids, ...ignoredField(rt, change, result) };
}

export const routes: Route[] = [authed("POST", "/messages/flags", updateFlags)];
