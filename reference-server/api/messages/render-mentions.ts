import type { Runtime } from "../../runtime.ts";

/** A silent user-group mention in escaped text: `@_*group name*`. */
const SILENT_GROUP = /@_\*([^*\n]+)\*/g;

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * Silent group mentions render as a `user-group-mention silent` span and notify nobody (no `mentioned` flag: see
 * mentions.ts). Groups the organization created render at every level; system groups from FL333.
 */
export function renderSilentGroupMentions(rt: Runtime, escaped: string): string {
  if (!escaped.includes("@_*")) return escaped;
  return escaped.replace(SILENT_GROUP, (all, name: string) => {
    const group = rt.store.groups.named(unescape(name));
    if (!group || group.deactivated) return all;
    if (group.isSystem && !rt.fl.has("silentSystemGroupMention")) return all;
    return `<span class="user-group-mention silent" data-user-group-id="${group.id}">${name}</span>`;
  });
}
