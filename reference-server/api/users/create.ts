import { publishUserAdded } from "../../events/realm-user.ts";
import { badRequest, mustBeAdministrator } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { ROLE } from "../../state/types.ts";

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * POST /users (wire §6): an administrator with the server-granted can_create_users permission creates a member
 * account → {user_id}; the new user starts from the organization's setting defaults.
 * Not modelled: subscription to the default channels.
 */
function createUser(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  if (!rt.access.canAdministerUsers(user)) throw mustBeAdministrator();
  // The server-granted permission (fl153.users.create-user-permission): a seed may withhold it; unsaid, admins hold it.
  if (user.canCreateUsers === false) throw badRequest("User not authorized to create users");
  const email = params.str("email").trim();
  const password = params.str("password");
  const fullName = params.str("full_name").trim();
  if (!EMAIL.test(email)) throw badRequest(`Bad name or username`);
  if (rt.store.userByEmail(email)) throw badRequest(`Email '${email}' already in use`);
  if (fullName === "" || [...fullName].length > 100) throw badRequest("Invalid characters in name!");
  const created = rt.store.addUser({ email, fullName, role: ROLE.member, isBot: false, botType: null });
  created.password = password;
  publishUserAdded(rt, created);
  return { user_id: created.id };
}

export const routes: Route[] = [authed("POST", "/users", createUser)];
