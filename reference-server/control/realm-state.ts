import { publishDefaultStreamGroups } from "../events/default-streams.ts";
import { activeUserIds } from "../events/realm-user.ts";
import type { Runtime } from "../runtime.ts";
import { zulipHas } from "../zulip-levels.ts";

/**
 * Organization state real servers keep and change through endpoints the spec does not have (Zulip's
 * /realm/domains, its billing pages, its Zoom authorisation, its /default_stream_groups): the reference control changes it, the register sections show it
 * (api/realm/zulip-fields.ts), and clients hear of it by the events real servers send.
 */

export type RealmDomainChange = { op: "add" | "change"; domain: string; allow_subdomains: boolean } | { op: "remove"; domain: string };

/**
 * Adds, changes or removes one of the domains that restrict sign-ups; every active user gets realm_domains
 * add / change {realm_domain} or remove {domain}. False (nothing done) when the domain is already there (add) or
 * is not (change, remove).
 */
export function changeRealmDomain(rt: Runtime, change: RealmDomainChange): boolean {
  const list = rt.store.realmStatus.domains;
  const domain = change.domain.toLowerCase();
  const at = list.findIndex((d) => d.domain === domain);
  if (change.op === "add" ? at >= 0 : at < 0) return false;
  if (change.op === "remove") {
    list.splice(at, 1);
    rt.queues.publish("realm_domains", activeUserIds(rt), () => ({ type: "realm_domains", op: "remove", domain }));
    return true;
  }
  const entry = { domain, allow_subdomains: change.allow_subdomains };
  if (change.op === "add") list.push(entry);
  else list[at] = entry;
  rt.queues.publish("realm_domains", activeUserIds(rt), () => ({ type: "realm_domains", op: change.op, realm_domain: { ...entry } }));
  return true;
}

/**
 * A sponsorship request is made (pending) or answered: from the level register has realm_billing, those who manage
 * billing get realm_billing {property: has_pending_sponsorship_request, value} (for everyone else the value stays
 * false). False before that level: no client can see it.
 */
export function setSponsorshipPending(rt: Runtime, pending: boolean): boolean {
  if (!zulipHas(rt.fl, "manageBillingGroup")) return false;
  rt.store.realmStatus.sponsorshipPending = pending;
  const managers = [...rt.store.users.values()].filter((u) => u.isActive && rt.access.realm.managesBilling(u)).map((u) => u.id);
  rt.queues.publish("realm_billing", managers, () => ({ type: "realm_billing", property: "has_pending_sponsorship_request", value: pending }));
  return true;
}

/**
 * A user's Zoom authorisation is granted or revoked (Zulip's OAuth flow with Zoom, outside the spec): the user gets
 * has_zoom_token {value}. False when the user is unknown or already in that state.
 */
export function setZoomToken(rt: Runtime, userId: number, held: boolean): boolean {
  const without = rt.store.realmStatus.withoutZoomToken;
  if (!rt.store.users.has(userId) || without.has(userId) === !held) return false;
  if (held) without.delete(userId);
  else without.add(userId);
  rt.queues.publish("has_zoom_token", [userId], () => ({ type: "has_zoom_token", value: held }));
  return true;
}

export type DefaultChannelGroupChange = { op: "add"; name: string; description: string; stream_ids: number[] } | { op: "remove"; name: string };

/**
 * Makes or removes a default channel group (Zulip's /default_stream_groups, outside the spec): every active user but
 * guests gets default_stream_groups with all of them. False when the name is taken (add), unknown (remove), or a
 * channel is not a live one.
 */
export function changeDefaultChannelGroup(rt: Runtime, change: DefaultChannelGroupChange): boolean {
  const groups = rt.store.realmStatus.defaultChannelGroups;
  const at = groups.findIndex((g) => g.name === change.name);
  if (change.op === "remove") {
    if (at < 0) return false;
    groups.splice(at, 1);
  } else {
    if (at >= 0 || !change.stream_ids.every((id) => rt.store.channels.get(id)?.isArchived === false)) return false;
    groups.push({
      id: rt.store.realmStatus.nextDefaultChannelGroupId++,
      name: change.name,
      description: change.description,
      channelIds: [...change.stream_ids],
    });
  }
  publishDefaultStreamGroups(rt);
  return true;
}
