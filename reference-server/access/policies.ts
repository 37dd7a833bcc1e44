import type { Store } from "../state/store.ts";
import { ROLE, type User } from "../state/types.ts";

/**
 * Does an old role-based policy (the integer settings the group-setting values replaced) let the user act?
 * Codes (wire §12), shared by every policy of this family: 1 members, 2 administrators, 3 full members (members
 * past the waiting period, and moderators and above), 4 moderators, 5 everyone (guests too), 6 nobody, 7 owners.
 * wildcard_mention_policy numbers its choices differently and has its own reading.
 */
export function policyAllows(store: Store, user: User, code: unknown): boolean {
  switch (code) {
    case 1:
      return user.role <= ROLE.member;
    case 2:
      return user.role <= ROLE.administrator;
    case 3: {
      if (user.role <= ROLE.moderator) return true;
      const days = store.settings.get("waiting_period_threshold");
      return user.role === ROLE.member && store.clock() - user.dateJoined >= (typeof days === "number" ? days : 0) * 86_400;
    }
    case 4:
      return user.role <= ROLE.moderator;
    case 5:
      return true;
    case 7:
      return user.role <= ROLE.owner;
    default:
      return false;
  }
}
