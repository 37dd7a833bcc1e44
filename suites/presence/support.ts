import type { ApiClient } from "../../src/client/client.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { PresenceResponse } from "../../src/schemas/presence.ts";
import type { FreshUser } from "../support/users.ts";

/** POST /users/me/presence (status active) with more parameters; the validated response body. */
export async function reportPresence(t: TestContext, client: ApiClient, more: Record<string, unknown> = {}): Promise<PresenceResponse> {
  const res = await client.post("/users/me/presence", { status: "active", ...more });
  return t.expect.schema(PresenceResponse, t.expect.success(res, "POST /users/me/presence"), res.exchange, "POST /users/me/presence");
}

/** POST /users/me/presence as a prerequisite (the presence other tests observe). */
export async function becomeActive(t: TestContext, user: FreshUser): Promise<void> {
  await t.must("report the user active with POST /users/me/presence", user.client.post("/users/me/presence", { status: "active", slim_presence: true }));
}

/** Whether legacy presences (keyed by email) hold the user: its email, or a dummy email user<ID>@… (FL163). */
export const holdsByEmail = (presences: Record<string, unknown>, user: FreshUser) =>
  Object.keys(presences).some((k) => k.toLowerCase() === user.email.toLowerCase() || k.toLowerCase().startsWith(`user${user.id}@`));
