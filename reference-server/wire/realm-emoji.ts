import type { Runtime } from "../runtime.ts";
import type { RealmEmoji } from "../state/realm-emoji.ts";
import { UPLOAD_REALM_ID } from "../state/uploads.ts";

export function serializeRealmEmoji(e: RealmEmoji): Record<string, unknown> {
  return {
    id: String(e.id),
    name: e.name,
    source_url: `/user_avatars/${UPLOAD_REALM_ID}/emoji/images/${e.fileName}`,
    still_url: null,
    deactivated: e.deactivated,
    author_id: e.authorId,
  };
}

/** Every custom emoji, deactivated ones too, keyed by id (GET /realm/emoji, register realm_emoji, events). */
export function realmEmojiMap(rt: Runtime): Record<string, unknown> {
  return Object.fromEntries(rt.store.realmEmoji.all().map((e) => [String(e.id), serializeRealmEmoji(e)]));
}
