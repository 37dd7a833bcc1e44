import { createHash } from "node:crypto";
import type { Runtime } from "../../runtime.ts";
import { ROLE, type User } from "../../state/types.ts";

/** A gravatar URL, as servers give for users without an uploaded avatar when the client asks for URLs. */
export function avatarUrl(user: User, clientGravatar: boolean): string | null {
  if (clientGravatar) return null;
  const hash = createHash("md5").update(user.email.toLowerCase()).digest("hex");
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon&version=1`;
}

/** The user object of GET /users, /users/me, register `realm_users` and `realm_user/add` (wire §13). */
export function serializeUser(rt: Runtime, viewer: User, user: User, clientGravatar: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    user_id: user.id,
    email: user.email,
    delivery_email: user.email,
    full_name: user.fullName,
    date_joined: new Date(user.dateJoined * 1000).toISOString(),
    is_active: user.isActive,
    is_owner: user.role === ROLE.owner,
    is_admin: user.role <= ROLE.administrator,
    is_guest: user.role === ROLE.guest,
    is_bot: user.isBot,
    is_billing_admin: false,
    role: user.role,
    timezone: user.timezone,
    avatar_url: avatarUrl(user, clientGravatar),
    avatar_version: 1,
    profile_data: {},
  };
  if (user.isBot) {
    out.bot_type = user.botType;
    out.bot_owner_id = user.botOwnerId;
  }
  void rt;
  void viewer;
  return out;
}
