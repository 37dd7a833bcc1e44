import type { Runtime } from "../../../runtime.ts";

/** The domain of new bots' emails (register's realm_bot_domain). */
export const botDomain = (rt: Runtime): string => `${rt.store.realm.stringId}.example`;
