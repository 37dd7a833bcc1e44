import { userTargetRefusal, type UserTargetRules } from "../../access/user-targets.ts";
import { badRequest } from "../../errors/registry.ts";
import type { RequestContext } from "../../runtime.ts";
import type { User } from "../../state/types.ts";

/** The user a path's id names, if the requester may name it here (access/user-targets.ts); else 400 BAD_REQUEST. */
export function targetUser(ctx: RequestContext, id: number, rules: UserTargetRules = { allowBots: false, allowDeactivated: false }): User {
  const target = ctx.rt.store.users.get(id);
  const refusal = userTargetRefusal(ctx.rt.access, ctx.user, target, rules);
  if (refusal !== null) throw badRequest(refusal);
  return target!;
}
