import { authed, type Route } from "../../runtime.ts";
import { visibleGroups } from "../../wire/group.ts";

/** GET /user_groups. */
export const routes: Route[] = [
  authed("GET", "/user_groups", ({ rt, params }) => ({
    user_groups: visibleGroups(rt, params.bool(rt.fl.has("includeDeactivatedGroupsParam") ? "include_deactivated_groups" : "allow_deactivated", false)),
  })),
];
