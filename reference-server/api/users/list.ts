import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { userFromPath } from "./lookup.ts";
import { serializeUser } from "../../wire/user.ts";

/** client_gravatar (default true) and include_custom_profile_fields, read by both endpoints. */
function view(ctx: RequestContext): boolean {
  ctx.params.optBool("include_custom_profile_fields");
  return ctx.params.bool("client_gravatar", true);
}

/** GET /users: every user the requester can access, deactivated users and bots included. */
function listUsers(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const gravatar = view(ctx);
  const visible = rt.access.userFilter(user);
  const listed = [...rt.store.users.values()].filter((u) => visible(u) && (u.isActive || !rt.faulty("fl153.users.get-users")));
  return { members: listed.map((u) => serializeUser(rt, user, u, gravatar)) };
}

/** GET /users/{user_id} and GET /users/{email}: one user, under `user`. */
function getUser(ctx: RequestContext): Record<string, unknown> {
  const gravatar = view(ctx);
  const target = userFromPath(ctx, ctx.path.user!);
  return { user: serializeUser(ctx.rt, ctx.user, target, gravatar) };
}

export const routes: Route[] = [authed("GET", "/users", listUsers), authed("GET", "/users/:user", getUser)];
