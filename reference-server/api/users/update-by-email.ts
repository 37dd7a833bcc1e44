import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { byEmail } from "./lookup.ts";
import { updateUser } from "./update.ts";

/** PATCH /users/{email} (FL313): PATCH /users/{user_id} with the target named by email, as GET /users/{email} finds it. */
function updateUserByEmail(ctx: RequestContext): Record<string, unknown> {
  return updateUser(ctx, (c) => byEmail(c, c.path.email ?? ""));
}

export const routes: Route[] = [authed("PATCH", "/users/:email", updateUserByEmail, { operation: "update-user-by-email" })];
