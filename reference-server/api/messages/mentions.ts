import type { Runtime } from "../../runtime.ts";
import type { User } from "../../state/types.ts";
import { addFlag, type Receivers } from "./receivers.ts";

/** Channel-wide wildcard mentions (`@**all**` and its synonyms). */
const WILDCARDS = new Set(["all", "everyone", "channel", "stream"]);
/** `@**Full Name**` or `@**Full Name|id**`; silent mentions `@_**…**` notify nobody and set no flag. */
const MENTION = /(@_?)\*\*([^*|]+?)(?:\|(\d+))?\*\*/g;

function mentionedUser(rt: Runtime, name: string, id: string | undefined): User | undefined {
  if (id !== undefined) return rt.store.users.get(Number(id));
  const wanted = name.trim().toLowerCase();
  for (const u of rt.store.users.values()) if (u.isActive && u.fullName.toLowerCase() === wanted) return u;
  return undefined;
}

/**
 * The mention flags the content gives its receivers: `mentioned` for users mentioned by name, and
 * `wildcard_mentioned` for everyone when the content has a wildcard mention. Adds them to `receivers`.
 */
export function addMentionFlags(rt: Runtime, content: string, receivers: Receivers): void {
  if (!content.includes("**")) return;
  for (const m of content.matchAll(MENTION)) {
    if (m[1] === "@_") continue;
    const name = m[2]!;
    if (m[3] === undefined && WILDCARDS.has(name.trim().toLowerCase())) {
      for (const userId of receivers.keys()) addFlag(receivers, userId, "wildcard_mentioned");
      continue;
    }
    const user = mentionedUser(rt, name, m[3]);
    if (user) addFlag(receivers, user.id, "mentioned");
  }
}
