import { z } from "zod";
import { badRequest } from "../../../errors/registry.ts";
import type { RequestContext } from "../../../runtime.ts";
import type { DraftFields } from "../../../state/drafts.ts";
import { MAX_MESSAGE_LENGTH, truncateTopic } from "../../../wire/topic.ts";

/** A draft as clients send it: no id; timestamp optional (the server's clock then). Unknown keys are refused. */
export const DraftInput = z.strictObject({
  type: z.enum(["", "stream", "private"]),
  to: z.array(z.number().int()),
  topic: z.string(),
  content: z.string(),
  timestamp: z.number().nullable().optional(),
});
export type DraftInput = z.infer<typeof DraftInput>;

const TRUNCATED = "\n[message truncated]";

/** Non-blank message content as real servers keep it: trailing whitespace and leading newlines dropped, cut to the limit. */
function normalizeContent(content: string): string {
  const body = content.trimEnd().replace(/^\n+/, "");
  if (body.includes("\0")) throw badRequest("Message must not contain null bytes");
  const chars = [...body];
  return chars.length > MAX_MESSAGE_LENGTH ? chars.slice(0, MAX_MESSAGE_LENGTH - TRUNCATED.length).join("") + TRUNCATED : body;
}

/** Direct-message recipients as a draft keeps them: the others in the conversation, or the owner alone writing to self. */
function directRecipients(ctx: RequestContext, ids: readonly number[]): number[] {
  const { rt, user } = ctx;
  for (const id of new Set(ids)) if (!rt.store.users.has(id)) throw badRequest(`Invalid user ID ${id}`);
  const others = [...new Set(ids)].filter((id) => id !== user.id).sort((a, b) => a - b);
  return others.length === 0 ? [user.id] : others;
}

/**
 * Checks one draft and turns it into what the store keeps (`where` names it in errors, e.g. `drafts[0]`): content
 * must not be blank, the timestamp not negative; a channel draft names exactly one channel the user can read.
 */
export function draftFields(ctx: RequestContext, input: DraftInput, where: string): DraftFields {
  const { rt, user } = ctx;
  if (input.content.trim() === "") throw badRequest(`${where}["content"] cannot be blank`);
  const content = normalizeContent(input.content);
  const lastEditTime = Math.round((input.timestamp ?? rt.store.clock()) * 1e6) / 1e6;
  if (lastEditTime < 0) throw badRequest("Timestamp must not be negative.");
  if (input.type === "stream") {
    const topic = truncateTopic(input.topic);
    if (topic.includes("\0")) throw badRequest("Topic must not contain null bytes");
    if (input.to.length !== 1) throw badRequest("Must specify exactly 1 channel ID for channel messages");
    const channel = rt.store.channels.get(input.to[0]!);
    if (!channel || !rt.access.channels.content(user, channel)) throw badRequest("Invalid channel ID");
    return { type: "stream", to: [channel.id], topic, content, lastEditTime };
  }
  const to = input.type === "private" && input.to.length > 0 ? directRecipients(ctx, input.to) : [];
  // A direct draft with nobody to send to has no recipient, which is what an unaddressed draft is.
  return { type: to.length > 0 ? "private" : "", to, topic: "", content, lastEditTime };
}

/** Every draft endpoint refuses users who turned enable_drafts_synchronization off. */
export function requireDraftSync(ctx: RequestContext): void {
  if (ctx.rt.store.userSettings.get(ctx.user.id, "enable_drafts_synchronization") === false) throw badRequest("User has disabled synchronizing drafts.");
}
