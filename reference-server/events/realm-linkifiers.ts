import { linkifierList } from "../wire/linkifier.ts";
import type { Runtime } from "../runtime.ts";

/**
 * The linkifiers changed: a `realm_linkifiers` event with the whole list, from FL176 only to queues with the
 * linkifier_url_template capability; before FL176 also the legacy `realm_filters` event with tuples.
 */
export function publishLinkifiers(rt: Runtime): void {
  const users = [...rt.store.users.values()].filter((u) => u.isActive).map((u) => u.id);
  const list = linkifierList(rt);
  rt.queues.publish("realm_linkifiers", users, (q) => {
    if (rt.fl.has("linkifierEventsByCapability") && !q.options.capabilities.linkifier_url_template) return null;
    return { type: "realm_linkifiers", realm_linkifiers: list };
  });
  if (rt.fl.has("realmFiltersNoEvents")) return;
  const tuples = rt.store.linkifiers.list().map((l) => [l.pattern, l.urlTemplate, l.id]);
  rt.queues.publish("realm_filters", users, () => ({ type: "realm_filters", realm_filters: tuples }));
}
