import type { Runtime } from "../runtime.ts";
import { versionFor } from "../../facts/versions.ts";

/** Every active user: a restart reaches every event queue. */
function everyone(rt: Runtime): number[] {
  return [...rt.store.users.values()].filter((u) => u.isActive).map((u) => u.id);
}

/**
 * The server restarted (a deployment): a `restart` event with the server's version, level and generation to every
 * queue — before FL240 with the optional `immediate` flag, which FL240 removed — and from FL240 a
 * `web_reload_client` event after it, telling web clients to reload their code.
 */
export function publishRestart(rt: Runtime, generation: number): void {
  const users = everyone(rt);
  const withImmediate = !rt.fl.has("restartImmediateRemoved");
  rt.queues.publish("restart", users, () => ({
    type: "restart",
    chat_version: versionFor(rt.fl.level),
    chat_merge_base: "",
    chat_feature_level: rt.fl.level,
    server_generation: generation,
    ...(withImmediate ? { immediate: false } : {}),
  }));
  if (rt.fl.has("webReloadClientEvent")) {
    rt.queues.publish("web_reload_client", users, () => ({ type: "web_reload_client", immediate: false }));
  }
}
