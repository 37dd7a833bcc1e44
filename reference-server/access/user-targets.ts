import type { User } from "../state/types.ts";
import type { Access } from "./access.ts";

/** Which users an endpoint that names another user by id takes (real servers' access_user_by_id flags). */
export interface UserTargetRules {
  allowBots: boolean;
  allowDeactivated: boolean;
}

/**
 * Why `viewer` may not name `target` on such an endpoint, as the 400 message real servers give, or null when it may:
 * an unknown user or an unwanted bot is "No such user", an unwanted deactivated one "User is deactivated", and one
 * the viewer cannot access (FL225 restricted guests) "Insufficient permission".
 */
export function userTargetRefusal(access: Access, viewer: User, target: User | undefined, rules: UserTargetRules): string | null {
  if (!target || (target.isBot && !rules.allowBots)) return "No such user";
  if (!target.isActive && !rules.allowDeactivated) return "User is deactivated";
  if (!access.canSeeUser(viewer, target)) return "Insufficient permission";
  return null;
}
