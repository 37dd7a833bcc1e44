import type { ApiClient, ApiResponse } from "../../src/client/client.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { PersonaRole } from "../../src/target/personas.ts";

/**
 * Removal of what tests make, registered with t.cleanup: the suites run against servers that live for many runs
 * (a CI's staging server), where whatever one run leaves behind is there for the next (scheduled messages that come
 * due an hour later, channels and users by the thousand). The helpers that make things (freshChannel, freshUser,
 * schedule, …) call these; a test that makes something itself calls them right after.
 */

const clientOf = (t: TestContext, who: PersonaRole | ApiClient) => (typeof who === "string" ? t.api(who) : who);
const ok = (res: ApiResponse) => res.status >= 200 && res.status < 300;

/** Deletes the scheduled message when the test ends (404 once it was delivered or deleted: done). */
export function deleteScheduledLater(t: TestContext, owner: PersonaRole, id: number): void {
  t.cleanup(`scheduled message ${id} of ${owner}`, () => t.api(owner).delete(`/scheduled_messages/${id}`));
}

/** Deletes an event queue registered without t.register (which deletes its own) when the test ends. */
export function deleteQueueLater(t: TestContext, client: PersonaRole | ApiClient, queueId: unknown): void {
  if (typeof queueId !== "string") return;
  t.cleanup(`event queue ${queueId}`, async () => {
    const res = await clientOf(t, client).delete("/events", { queue_id: queueId });
    // BAD_EVENT_QUEUE_ID: the test deleted it itself.
    return res.status === 400 && res.json?.code === "BAD_EVENT_QUEUE_ID" ? undefined : res;
  });
}

/**
 * Whether the administrator's listing of every active channel holds it: include_all from FL356, include_all_active
 * before (the level's own name: a client that knows its server's level does not send the other's).
 */
async function channelListed(t: TestContext, admin: ApiClient, id: number): Promise<boolean> {
  const res = await admin.get("/streams", t.target.featureLevel >= 356 ? { include_all: true } : { include_all_active: true });
  const streams = res.json?.streams;
  return ok(res) && Array.isArray(streams) && (streams as Array<{ stream_id?: number }>).some((s) => s.stream_id === id);
}

/**
 * Archives a channel: as the administrator, and where it may not (before FL349 a private channel needs content
 * access) after a subscriber among the personas, the creator first, subscribes it. Done too when the channel is
 * no longer listed (the test archived it itself).
 */
async function archive(t: TestContext, channel: { id: number; name: string }, creator: PersonaRole | ApiClient): Promise<ApiResponse | undefined> {
  // The administrator, or the owner: a test that makes channels declares one of them (t.manager).
  const manager = t.manager("administrator");
  const admin = t.api(manager);
  const path = `/streams/${channel.id}`;
  const res = await admin.delete(path);
  if (ok(res) || !(await channelListed(t, admin, channel.id))) return undefined;
  const principals = [t.persona(manager).userId];
  const others = (Object.keys(t.target.personas) as PersonaRole[]).filter((r) => r !== manager && t.declares(r));
  for (const who of [creator, ...others]) {
    const joined = await clientOf(t, who).post("/users/me/subscriptions", { subscriptions: [{ name: channel.name }], principals });
    if (ok(joined)) return admin.delete(path);
  }
  return res;
}

/** Archives the channel when the test ends (see `archive`): archived channels leave every listing and subscription list. */
export function archiveChannelLater(t: TestContext, channel: { id: number; name: string }, creator: PersonaRole | ApiClient): void {
  t.cleanup(`channel ${channel.name} (${channel.id})`, () => archive(t, channel, creator));
}

/** Archives a channel known by name only (the test created it with POST /users/me/subscriptions itself). */
export function archiveChannelNamedLater(t: TestContext, name: string, creator: PersonaRole | ApiClient): void {
  t.cleanup(`channel ${name}`, async () => {
    const found = await t.api(t.manager("administrator")).get("/get_stream_id", { stream: name });
    // Not found: never created (a refusal the test expected), or already archived.
    if (!ok(found) || typeof found.json?.stream_id !== "number") return undefined;
    return archive(t, { id: found.json.stream_id, name }, creator);
  });
}

/** Whether GET /users/{user_id} shows the user (or bot) deactivated. */
async function inactive(t: TestContext, id: number, who: PersonaRole = t.manager("administrator")): Promise<boolean> {
  const res = await t.api(who).get(`/users/${id}`);
  return ok(res) && (res.json?.user as { is_active?: boolean } | undefined)?.is_active === false;
}

/** Deactivates the user when the test ends (DELETE /users/{user_id} as the administrator); one already deactivated is done. */
export function deactivateUserLater(t: TestContext, id: number, label = "user"): void {
  t.cleanup(`${label} ${id}`, async () => {
    const res = await t.api(t.manager("administrator")).delete(`/users/${id}`);
    return ok(res) || (await inactive(t, id)) ? undefined : res;
  });
}

/**
 * Deactivates the bot when the test ends (DELETE /bots/{bot_id} as the administrator, who may deactivate any bot:
 * the test may have given it another owner; without one declared, as `owner`, the persona that made it); one
 * already deactivated is done.
 */
export function deactivateBotLater(t: TestContext, id: number, owner: PersonaRole = "administrator"): void {
  t.cleanup(`bot ${id}`, async () => {
    const who = t.manager(owner);
    const res = await t.api(who).delete(`/bots/${id}`);
    return ok(res) || (await inactive(t, id, who)) ? undefined : res;
  });
}

/** A group to deactivate: known by name when made, by id once the test learns it (a test may rename it). */
export interface GroupRef {
  name: string;
  id?: number;
}

/**
 * Deactivates the group when the test ends (POST /user_groups/{id}/deactivate, FL294), or deletes it where there is
 * no deactivation (DELETE /user_groups/{id}, before FL294), as `manager` (its creator). Register it when the group
 * is made, by name; set `id` on the returned reference once known. A group no longer among the active ones is done.
 * Groups that hold it as a subgroup or name it in a setting were made after it, so their cleanups ran first.
 */
export function deactivateGroupLater(t: TestContext, name: string, manager: PersonaRole | ApiClient): GroupRef {
  const ref: GroupRef = { name };
  t.cleanup(`group ${name}`, async () => {
    const client = clientOf(t, manager);
    const listed = await client.get("/user_groups");
    const groups = (listed.json?.user_groups ?? []) as Array<{ id?: number; name?: string; deactivated?: boolean }>;
    const g = groups.find((x) => (ref.id !== undefined ? x.id === ref.id : x.name === ref.name));
    if (ok(listed) && (g === undefined || g.deactivated === true)) return undefined;
    const id = g?.id ?? ref.id;
    if (id === undefined) return listed;
    // No deactivation before FL294: groups are deleted there.
    return t.target.featureLevel >= 294 ? client.post(`/user_groups/${id}/deactivate`) : client.delete(`/user_groups/${id}`);
  });
  return ref;
}

/**
 * Revokes, when the test ends, the invitation GET /invites lists with `field` equal to `value` (as the administrator,
 * through DELETE `path`/{invite_id}; without one declared, as `inviter`, who lists and revokes its own from FL209);
 * one not listed (never made, or used) is done.
 */
function revokeListedInviteLater(
  t: TestContext,
  label: string,
  field: "email" | "link_url",
  value: string,
  path: string,
  inviter?: PersonaRole | ApiClient,
): void {
  t.cleanup(label, async () => {
    const admin = t.declares("administrator") || t.declares("owner") || inviter === undefined ? t.api(t.manager("administrator")) : clientOf(t, inviter);
    const listed = await admin.get("/invites");
    const invite = ((listed.json?.invites ?? []) as Array<{ id?: number; email?: string; link_url?: string }>).find((i) => i[field] === value);
    if (ok(listed) && invite === undefined) return undefined;
    return invite ? admin.delete(`${path}/${invite.id}`) : listed;
  });
}

/** Revokes the email invitation of `email` when the test ends (DELETE /invites/{invite_id}). */
export function revokeInviteLater(t: TestContext, email: string, inviter?: PersonaRole | ApiClient): void {
  revokeListedInviteLater(t, `invitation of ${email}`, "email", email, "/invites", inviter);
}

/** Revokes the reusable invitation link when the test ends (DELETE /invites/multiuse/{invite_id}). */
export function revokeLinkLater(t: TestContext, link: string, inviter?: PersonaRole | ApiClient): void {
  revokeListedInviteLater(t, `invitation link ${link}`, "link_url", link, "/invites/multiuse", inviter);
}
