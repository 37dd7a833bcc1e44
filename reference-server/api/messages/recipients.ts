import { badRequest, streamDoesNotExist } from "../../errors/registry.ts";
import type { Runtime } from "../../runtime.ts";
import type { Channel, User } from "../../state/types.ts";

function tryJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** `to` of a channel message: a raw name or ID, or a JSON list of one name or ID (wire §3). */
export function resolveChannel(rt: Runtime, to: string): Channel {
  const parsed = tryJson(to);
  let ref: unknown = Array.isArray(parsed) && !rt.faulty("fl153.messages.send-channel-message") ? parsed : to;
  if (Array.isArray(ref)) {
    if (ref.length !== 1) throw badRequest("Cannot send to multiple channels");
    ref = ref[0];
  }
  if (typeof ref === "number" || (typeof ref === "string" && /^\d+$/.test(ref))) {
    const channel = rt.store.channels.get(Number(ref));
    if (!channel) throw streamDoesNotExist({ stream_id: Number(ref) });
    return channel;
  }
  if (typeof ref !== "string" || ref.trim() === "") throw badRequest("Invalid 'to' argument");
  const channel = rt.store.channelByName(ref);
  if (!channel) throw streamDoesNotExist({ stream: ref });
  return channel;
}

/** `to` of a direct message: a JSON list of user IDs or emails, or raw comma-separated emails. */
export function resolveUsers(rt: Runtime, to: string): User[] {
  const parsed = tryJson(to);
  const refs: unknown[] = Array.isArray(parsed)
    ? parsed
    : typeof parsed === "number"
      ? [parsed]
      : to
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s !== "");
  if (refs.length === 0) throw badRequest("Message must have recipients");
  return refs.map((ref) => {
    if (typeof ref === "number" && Number.isInteger(ref)) {
      const u = rt.store.messageUser(ref);
      if (!u || !u.isActive) throw badRequest(`Invalid user ID ${ref}`);
      return u;
    }
    if (typeof ref === "string" && !rt.faulty("fl153.messages.send-direct-message")) {
      const u = rt.store.messageUserByEmail(ref);
      if (!u || !u.isActive) throw badRequest(`Invalid email '${ref}'`);
      return u;
    }
    throw badRequest("Invalid 'to' argument");
  });
}
