import type { EventQueue } from "./queue.ts";
import type { Runtime } from "../runtime.ts";
import type { User } from "../state/types.ts";
import { apiEmail, avatarUrl, avatarUrlFor, serializeUser, unknownUser, wantsPlaceholders } from "../wire/user.ts";

/** Every active user: who hears about changes that are not limited by access. */
export function activeUserIds(rt: Runtime): number[] {
  return [...rt.store.users.values()].filter((u) => u.isActive).map((u) => u.id);
}

/** Who hears about changes to `subject`: only the users who can access it (FL228, or when `limited`), else everyone. */
export function userAudience(rt: Runtime, subject: User, limited = rt.fl.has("userUpdateEventAccess")): number[] {
  const all = [...rt.store.users.values()].filter((u) => u.isActive);
  return (limited ? all.filter((u) => rt.access.canSeeUser(u, subject)) : all).map((u) => u.id);
}

const viewerOf = (rt: Runtime, q: EventQueue): User | undefined => rt.store.users.get(q.options.userId);

/** realm_user op add: the user object to those who can access it, a placeholder to the others who want one. */
export function publishUserAdded(rt: Runtime, user: User): void {
  rt.queues.publish("realm_user", activeUserIds(rt), (q) => {
    const viewer = viewerOf(rt, q);
    if (!viewer) return null;
    if (rt.access.canSeeUser(viewer, user)) return { type: "realm_user", op: "add", person: serializeUser(rt, viewer, user, q.options.clientGravatar) };
    if (!wantsPlaceholders(rt, rt.fl.has("unknownUserAddEventByCapability"), q.options.capabilities)) return null;
    return { type: "realm_user", op: "add", person: unknownUser(rt, user.id) };
  });
}

/** realm_user op update: one changed group of fields (full_name, role, is_active, bot_owner_id, …). */
export function publishUserUpdate(rt: Runtime, subject: User, fields: Record<string, unknown>, audience = userAudience(rt, subject)): void {
  rt.queues.publish("realm_user", audience, () => ({ type: "realm_user", op: "update", person: { user_id: subject.id, ...fields } }));
}

/** realm_user op remove: the user leaves the viewers' user lists. */
export function publishUserRemoved(rt: Runtime, subject: User, viewerIds: Iterable<number>): void {
  rt.queues.publish("realm_user", viewerIds, () => ({ type: "realm_user", op: "remove", person: { user_id: subject.id, full_name: subject.fullName } }));
}

/**
 * A user was deactivated: from FL222 an update with is_active false (to those who can access the user from
 * FL228), before a remove event to everyone.
 */
export function publishDeactivated(rt: Runtime, user: User): void {
  if (rt.fl.has("userDeactivateUpdateEvent")) publishUserUpdate(rt, user, { is_active: false });
  else publishUserRemoved(rt, user, activeUserIds(rt));
}

/**
 * A user was reactivated: from FL222 an update with is_active true, sent from FL303 only to those who can access
 * the user (before FL303 to everyone, access or not); before FL222 an add event.
 */
export function publishReactivated(rt: Runtime, user: User): void {
  if (!rt.fl.has("userReactivateUpdateEvent")) return publishUserAdded(rt, user);
  publishUserUpdate(rt, user, { is_active: true }, userAudience(rt, user, rt.fl.has("reactivationEventAccess")));
}

/** The users other than `subject` who may see its real email now (FL163: the subject's email_address_visibility). */
export function realEmailViewers(rt: Runtime, subject: User): Set<number> {
  const out = new Set<number>();
  for (const u of rt.store.users.values()) if (u.isActive && u.id !== subject.id && rt.access.canSeeRealEmail(u, subject)) out.add(u.id);
  return out;
}

/**
 * A user's email_address_visibility changed: each user (of those who can access the subject) whose view of the
 * real email changed hears, as Zulip tells them, the delivery_email it now sees (null once hidden), the email field
 * (new_email: the real address or the dummy one) and the avatar, whose URL a client_gravatar client computes from
 * the real email only where it may see it (avatarUrlFor).
 */
export function publishEmailViewChanges(rt: Runtime, subject: User, sawBefore: ReadonlySet<number>): void {
  const now = realEmailViewers(rt, subject);
  const audience = new Set(userAudience(rt, subject));
  const changed = [...audience].filter((id) => id !== subject.id && sawBefore.has(id) !== now.has(id));
  if (!changed.length) return;
  const person = (fields: Record<string, unknown>) => ({ type: "realm_user", op: "update", person: { user_id: subject.id, ...fields } });
  rt.queues.publish("realm_user", changed, (q) => person({ delivery_email: now.has(q.options.userId) ? subject.email : null }));
  rt.queues.publish("realm_user", changed, (q) => {
    const viewer = viewerOf(rt, q);
    return viewer ? person({ new_email: apiEmail(rt, viewer, subject) }) : null;
  });
  rt.queues.publish("realm_user", changed, (q) => {
    const viewer = viewerOf(rt, q);
    if (!viewer) return null;
    return person({
      avatar_source: "G",
      avatar_url: avatarUrlFor(rt, viewer, subject, q.options.clientGravatar),
      avatar_url_medium: avatarUrl(subject, false, true),
      avatar_version: 1,
    });
  });
}
