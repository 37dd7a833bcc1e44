import type { MoveAsk } from "../../access/message-edit.ts";
import type { PropagateMode } from "../../events/update-message.ts";
import { badRequest, moveMessagesTimeLimitExceeded } from "../../errors/registry.ts";
import type { RequestContext } from "../../runtime.ts";
import type { Message } from "../../state/types.ts";

/**
 * The messages a move takes along (propagate_mode): change_one the target alone, change_later the target and the
 * later messages of its topic, change_all the whole topic; only messages the editor can read.
 */
export function messagesToMove(ctx: RequestContext, target: Message, mode: PropagateMode): Message[] {
  if (mode === "change_one" || target.type !== "stream") return [target];
  const { store, access } = ctx.rt;
  const ids = store.topicMessages(target.channelId!, target.topic);
  const laterOnly = mode === "change_later" && !ctx.rt.faulty("fl153.messages.move-propagate-mode");
  const out: Message[] = [];
  for (let i = laterOnly ? ids.lowerBound(target.id) : 0; i < ids.length; i++) {
    const m = store.messages.get(ids.at(i)!);
    if (m && access.canReadMessage(ctx.user, m)) out.push(m);
  }
  return out;
}

/**
 * The move time limits (FL162) for users below moderator: change_one and change_later look at the target message;
 * change_all, from FL172, at every message of the topic, and fails with MOVE_MESSAGES_TIME_LIMIT_EXCEEDED when
 * some are too old (before FL172 change_all was not limited at all).
 */
export function checkMoveTime(
  ctx: RequestContext,
  moved: readonly Message[],
  target: Message,
  mode: PropagateMode,
  deadline: number | null,
  ask: MoveAsk,
): void {
  if (deadline === null) return;
  const now = ctx.rt.store.clock();
  const inTime = (m: Message) => now - m.timestamp <= deadline;
  if (mode !== "change_all") {
    if (inTime(target)) return;
    throw badRequest(
      ask.topic ? "The time limit for editing this message's topic has passed." : "The time limit for editing this message's channel has passed.",
    );
  }
  if (!ctx.rt.fl.has("moveTimeLimitExceededError")) return;
  const allowed = moved.filter(inTime);
  if (allowed.length === moved.length) return;
  throw moveMessagesTimeLimitExceeded(allowed[0]?.id ?? null, moved.length, allowed.length);
}
