import type { PersonaRole } from "../../src/target/personas.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { UserGroup } from "../../src/schemas/user-group.ts";
import { z } from "zod";
import type { ApiResponse } from "../../src/client/client.ts";
import type { ParamMap } from "../../src/client/encode.ts";

/** The id of a system group ("role:members", …) from POST /register realm_user_groups. */
export async function systemGroupId(t: TestContext, name: string): Promise<number> {
  return t.given(`find system group ${name}`, async () => {
    const { body } = await t.register(observer(t), { fetch_event_types: ["realm_user_groups"], event_types: ["heartbeat"] });
    const groups = t.expect.schema(z.array(UserGroup), body.realm_user_groups, undefined, "realm_user_groups");
    const g = groups.find((x) => x.name === name && x.is_system_group);
    if (!g) t.expect.fail(`a system group named ${name}`, groups.map((x) => x.name).join(", "));
    return g.id;
  });
}

/**
 * Who reads what every user sees of the organization (its settings, its system groups): the administrator, else
 * the first other persona the test declares (a test uses only those).
 */
const observer = (t: TestContext): PersonaRole =>
  (["administrator", "owner", "member", "secondMember", "moderator", "guest", "bot"] as const).find((r) => t.declares(r)) ?? "administrator";

/** The realm section of POST /register, as the administrator (else a persona the test declares) sees it. */
export async function realmState(t: TestContext): Promise<Record<string, unknown>> {
  const { body } = await t.register(observer(t), { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
  return body;
}

/**
 * PATCH /realm with `changes` as the owner (some settings are the owners' alone), hands the response to `fn`, and puts the old values back
 * afterwards, so tests that share a server never see each other's changes outlive them. A restore the server
 * refuses is tried once more when the test ends, where a second refusal leaves it among the test's leftovers.
 */
export async function withRealmSettings<T>(t: TestContext, changes: ParamMap, fn: (res: ApiResponse) => Promise<T>): Promise<T> {
  const before = await realmState(t);
  try {
    return await fn(await t.api("owner").patch("/realm", changes));
  } finally {
    const restore: ParamMap = {};
    for (const name of Object.keys(changes)) {
      const old = before[`realm_${name}`];
      // Strings go raw (the encoder sends them as they are); group-setting values as {new}; the rest as JSON.
      if (old !== undefined) restore[name] = typeof old === "object" && old !== null ? { new: old } : (old as string | number | boolean | null);
    }
    if (Object.keys(restore).length) {
      const res = await t.api("owner").patch("/realm", restore);
      if (res.status !== 200) t.cleanup(`organization settings ${Object.keys(restore).join(", ")} put back`, () => t.api("owner").patch("/realm", restore));
    }
  }
}

/**
 * realm_empty_topic_display_name (FL334), what a client shows for the empty topic, from POST /register as `role`
 * sees it. A prerequisite: a register that fails or lacks it blocks the test (the register tests check it).
 */
export async function emptyTopicDisplayName(t: TestContext, role: PersonaRole = "member"): Promise<string> {
  return t.given("read realm_empty_topic_display_name from POST /register", async () => {
    const { body } = await t.register(role, { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
    return t.expect.schema(z.string().min(1), body.realm_empty_topic_display_name, undefined, "realm_empty_topic_display_name");
  });
}
