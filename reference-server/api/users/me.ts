import { authed, type Route } from "../../runtime.ts";
import { serializeUser } from "../../wire/user.ts";

/** GET /users/me: the requester's own user object, with the newest message the requester has received. */
export const routes: Route[] = [
  authed("GET", "/users/me", ({ rt, user }) => {
    const me = { ...serializeUser(rt, user, user, false), max_message_id: rt.store.flags.newestOf(user.id) };
    return rt.faulty("fl153.users.get-own-user") ? { user: me } : me;
  }),
];
