import { publishRealmEmoji } from "../../events/realm-emoji.ts";
import { badRequest, resourceNotFound } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { realmEmojiMap } from "../../wire/realm-emoji.ts";

/** Emoji names: lower-case letters, digits, dashes and underscores, not ending in a dash or underscore. */
const EMOJI_NAME = /^[0-9a-z_-]*[0-9a-z]$/;
const IMAGE_TYPES: Readonly<Record<string, string>> = { "image/png": "png", "image/gif": "gif", "image/jpeg": "jpg", "image/webp": "webp" };

/** POST /realm/emoji/{emoji_name}: one image file (multipart); who may add is the realm's permission. */
function addEmoji(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, files } = ctx;
  const name = ctx.path.emoji_name ?? "";
  if (!rt.access.realm.canAddCustomEmoji(user)) throw badRequest("Insufficient permission");
  if (!EMOJI_NAME.test(name)) throw badRequest("Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.");
  if (files.length !== 1) throw badRequest("You must upload exactly one file.");
  const extension = IMAGE_TYPES[files[0]!.mimeType];
  if (extension === undefined) throw badRequest("Invalid image format");
  if (rt.store.realmEmoji.active(name)) throw badRequest("A custom emoji with this name already exists.");
  rt.store.realmEmoji.add(name, user.id, extension);
  publishRealmEmoji(rt);
  return {};
}

/** DELETE /realm/emoji/{emoji_name}: its author or an administrator deactivates it; an unknown name is 404 (wire §5). */
function removeEmoji(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  const name = ctx.path.emoji_name ?? "";
  const emoji = rt.store.realmEmoji.active(name);
  if (!emoji) throw resourceNotFound(`Emoji '${name}' does not exist`);
  if (!rt.access.realm.canRemoveCustomEmoji(user, emoji.authorId)) throw badRequest("Must be an organization administrator or emoji author");
  rt.store.realmEmoji.deactivate(emoji);
  publishRealmEmoji(rt);
  return {};
}

export const routes: Route[] = [
  authed("GET", "/realm/emoji", (ctx) => ({ emoji: realmEmojiMap(ctx.rt) })),
  authed("POST", "/realm/emoji/:emoji_name", addEmoji),
  authed("DELETE", "/realm/emoji/:emoji_name", removeEmoji),
];
