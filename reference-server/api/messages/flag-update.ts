import { publishFlagsUpdate } from "../../events/update-message-flags.ts";
import type { UnreadDetail } from "../../wire/register/messages/unreads.ts";
import { badRequest } from "../../errors/registry.ts";
import type { Params } from "../../http/params.ts";
import type { Runtime } from "../../runtime.ts";
import type { Message, User } from "../../state/types.ts";
import { unreadDetail } from "../../wire/register/messages/unreads.ts";

/** Message flags (wire §12): users change these three; the others follow from the message. */
const EDITABLE_FLAGS = new Set(["read", "starred", "collapsed"]);
const READ_ONLY_FLAGS = new Set(["mentioned", "wildcard_mentioned", "stream_wildcard_mentioned", "topic_wildcard_mentioned", "has_alert_word", "historical"]);
/** The flags a user has on a message they can read but never received. */
const HISTORICAL_FLAGS = ["read", "historical"];

export interface FlagChange {
  op: "add" | "remove";
  flag: string;
}

/** `op` and `flag`: an unknown or read-only flag, or an op other than add/remove, is 400 BAD_REQUEST. */
export function readFlagChange(params: Params): FlagChange {
  const flag = params.str("flag");
  const op = params.str("op");
  if (READ_ONLY_FLAGS.has(flag)) throw badRequest(`Flag not editable: '${flag}'`);
  if (!EDITABLE_FLAGS.has(flag)) throw badRequest(`Invalid flag: '${flag}'`);
  if (op !== "add" && op !== "remove") throw badRequest(`Invalid message flag operation: '${op}'`);
  return { op, flag };
}

export interface FlagChangeResult {
  /** The messages whose flag really changed, in request order. */
  changed: number[];
  /** Channels skipped when marking unread because the user is not subscribed (FL355). */
  ignoredChannels: number[];
}

/** Every id must name a message the user can read; otherwise nothing changes (400 "Invalid message(s)"). */
function messagesFor(rt: Runtime, user: User, ids: readonly number[]): Message[] {
  const unique = [...new Set(ids)];
  const messages = unique.map((id) => rt.store.messages.get(id));
  const valid = rt.faulty("fl153.messages.flags-bad-input") ? messages.filter((m): m is Message => m !== undefined) : messages;
  if (valid.some((m) => m === undefined || !rt.access.canReadMessage(user, m))) throw badRequest("Invalid message(s)");
  return valid as Message[];
}

/** Marking unread skips channel messages of channels the user is not subscribed to (from FL355). */
function splitUnsubscribed(rt: Runtime, user: User, change: FlagChange, messages: Message[]): { kept: Message[]; ignored: number[] } {
  if (change.flag !== "read" || change.op !== "remove" || !rt.fl.has("ignoredBecauseNotSubscribed")) return { kept: messages, ignored: [] };
  const ignored = new Set<number>();
  const kept = messages.filter((m) => {
    if (m.type !== "stream" || rt.store.isSubscribed(user.id, m.channelId!)) return true;
    ignored.add(m.channelId!);
    return false;
  });
  return { kept, ignored: [...ignored].sort((a, b) => a - b) };
}

/** Sets the flag on one message; a message the user never received gets a historical row when that changes it. */
function applyOne(rt: Runtime, userId: number, m: Message, change: FlagChange): boolean {
  const on = change.op === "add";
  if (rt.store.flagsOf(userId, m.id) !== undefined) return rt.store.flags.set(userId, m.id, change.flag, on);
  if (HISTORICAL_FLAGS.includes(change.flag) === on) return false;
  const flags = new Set(HISTORICAL_FLAGS);
  if (on) flags.add(change.flag);
  else flags.delete(change.flag);
  rt.store.addHistoricalRow(userId, m.id, flags);
  return true;
}

/**
 * Adds or removes a flag on messages and reports it in one update_message_flags event. From FL155 the event
 * lists only messages whose flag changed (fl155.messages.flags-unchanged-not-listed); before, every one asked.
 */
export function changeFlags(rt: Runtime, user: User, change: FlagChange, ids: readonly number[]): FlagChangeResult {
  const { kept, ignored } = splitUnsubscribed(rt, user, change, messagesFor(rt, user, ids));
  const changed = kept.filter((m) => applyOne(rt, user.id, m, change));
  const listed = rt.fl.has("flagsNoOpNotListed") ? changed : kept;
  let details: Map<number, UnreadDetail> | undefined;
  if (change.flag === "read" && change.op === "remove") {
    details = new Map(listed.filter((m) => !rt.store.flagsOf(user.id, m.id)?.has("read")).map((m) => [m.id, unreadDetail(rt, user.id, m)]));
  }
  publishFlagsUpdate(rt, user.id, { ...change, messages: listed.map((m) => m.id), all: false, ...(details ? { details } : {}) });
  return { changed: changed.map((m) => m.id), ignoredChannels: ignored };
}

/** The FL355 response field: only when marking messages unread. */
export function ignoredField(rt: Runtime, change: FlagChange, result: FlagChangeResult): Record<string, unknown> {
  if (change.flag !== "read" || change.op !== "remove" || !rt.fl.has("ignoredBecauseNotSubscribed")) return {};
  return { ignored_because_not_subscribed_channels: result.ignoredChannels };
}
