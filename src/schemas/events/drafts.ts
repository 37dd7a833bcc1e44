import { z } from "zod";
import { Draft } from "../draft.ts";

/** `drafts` op add: the drafts one POST /drafts created (to the owner's clients only). */
export const DraftsAddEvent = z.looseObject({ id: z.number().int(), type: z.literal("drafts"), op: z.literal("add"), drafts: z.array(Draft) });

/** `drafts` op update: the edited draft, whole. */
export const DraftsUpdateEvent = z.looseObject({ id: z.number().int(), type: z.literal("drafts"), op: z.literal("update"), draft: Draft });

/** `drafts` op remove: the deleted draft's id. */
export const DraftsRemoveEvent = z.looseObject({ id: z.number().int(), type: z.literal("drafts"), op: z.literal("remove"), draft_id: z.number().int() });
