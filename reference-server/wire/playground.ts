import type { Runtime } from "../runtime.ts";
import type { Playground } from "../state/playgrounds.ts";
import { zulipHas } from "../zulip-levels.ts";

/** The key a playground's URL goes under: url_template from FL196, url_prefix before. */
export function urlKey(rt: Runtime): "url_template" | "url_prefix" {
  return zulipHas(rt.fl, "playgroundUrlTemplate") ? "url_template" : "url_prefix";
}

export function serializePlayground(rt: Runtime, p: Playground): Record<string, unknown> {
  return { id: p.id, name: p.name, pygments_language: p.pygmentsLanguage, [urlKey(rt)]: p.url };
}

export function playgroundList(rt: Runtime): Array<Record<string, unknown>> {
  return rt.store.playgrounds.list().map((p) => serializePlayground(rt, p));
}
