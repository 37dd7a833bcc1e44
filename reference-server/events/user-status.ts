import type { Runtime } from "../runtime.ts";
import type { UserStatus } from "../state/presence.ts";
import type { User } from "../state/types.ts";
import { userAudience } from "./realm-user.ts";

/** `user_status` (wire §10): the changed fields, from FL228 only to users who can access `user`. */
export function publishUserStatus(rt: Runtime, user: User, change: UserStatus): void {
  const to = userAudience(rt, user, rt.fl.has("userStatusEventAccess"));
  rt.queues.publish("user_status", to, () => ({ type: "user_status", user_id: user.id, ...change }));
}
