import { publishScheduledRemove, publishScheduledUpdate } from "../../../events/scheduled-messages.ts";
import type { Runtime } from "../../../runtime.ts";
import type { ScheduledMessage } from "../../../state/scheduled.ts";
import type { User } from "../../../state/types.ts";
import { postMessage, type Destination } from "../post.ts";

/** The longest the deliverer sleeps before looking again (a far-off message is re-checked, never missed). */
const MAX_SLEEP_MS = 60_000;
const timers = new WeakMap<Runtime, NodeJS.Timeout>();
const stopped = new WeakSet<Runtime>();

/** Where the message can go now, or null when its owner may no longer send it there. */
function destinationOf(rt: Runtime, owner: User, sm: ScheduledMessage): Destination | null {
  const { store } = rt;
  if (!owner.isActive) return null;
  if (sm.type === "stream") {
    const channel = store.channels.get(sm.channelId ?? -1);
    if (!channel || !rt.access.canPostToChannel(owner, channel)) return null;
    return { type: "stream", channel, topic: sm.topic };
  }
  const recipients = sm.userIds.map((id) => store.users.get(id));
  if (recipients.some((u) => !u || !u.isActive)) return null;
  return { type: "private", recipients: recipients as User[] };
}

/** Sends one due scheduled message as its owner; one that cannot be sent is marked failed (FL181) and kept. */
function deliver(rt: Runtime, sm: ScheduledMessage): void {
  // A timer, not a request, changes state here: cached answers are not to be trusted after it.
  rt.store.fragments.invalidate();
  const owner = rt.store.users.get(sm.ownerId)!;
  const dest = destinationOf(rt, owner, sm);
  if (!dest) {
    rt.store.scheduled.markFailed(sm, !rt.faulty("fl181.messages.scheduled-failed-on-send-failure"));
    publishScheduledUpdate(rt, sm);
    return;
  }
  if (rt.faulty("fl179.messages.scheduled-delivery")) rt.store.scheduled.markFailed(sm, false);
  else rt.store.scheduled.remove(sm);
  postMessage(rt, owner, dest, sm.content, { readBySender: sm.readBySender });
  if (!rt.faulty("fl179.messages.scheduled-delivery")) publishScheduledRemove(rt, owner.id, sm.id);
}

/** Delivers every due scheduled message, then sleeps until the next one is due. Handlers call it after changes. */
export function deliverDue(rt: Runtime): void {
  for (const sm of rt.store.scheduled.due(rt.store.clock())) deliver(rt, sm);
  clearTimeout(timers.get(rt));
  timers.delete(rt);
  const next = rt.store.scheduled.nextDue();
  if (next === undefined || stopped.has(rt)) return;
  const ms = Math.min(MAX_SLEEP_MS, Math.max(0, next * 1000 - Date.now()) + 20);
  const timer = setTimeout(() => deliverDue(rt), ms);
  timer.unref();
  timers.set(rt, timer);
}

/** Stops delivering (the server is closing). */
export function stopDelivery(rt: Runtime): void {
  stopped.add(rt);
  clearTimeout(timers.get(rt));
  timers.delete(rt);
}
