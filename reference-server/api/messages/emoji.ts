import { readFileSync } from "node:fs";
import { z } from "zod";
import { badRequest } from "../../errors/registry.ts";
import type { Reaction } from "../../state/types.ts";

const EMOJI_URL = new URL("../../data/emoji.json", import.meta.url);
const EmojiTable = z.looseObject({ codes: z.record(z.string().regex(/^[0-9a-f]+(-[0-9a-f]+)*$/), z.array(z.string()).min(1)) });

/**
 * The unicode emoji table (data/emoji.json, derived from emoji-datasource by scripts/derive-emoji.mjs): code → names
 * (canonical first), name → code, and each code's sequence of characters without variation selectors, the form
 * unicode text is looked up in (text may carry them or not, as keyboards differ).
 */
const table = (() => {
  const { codes } = EmojiTable.parse(JSON.parse(readFileSync(EMOJI_URL, "utf8")));
  const byName = new Map<string, string>();
  const bySequence = new Map<string, string>();
  for (const [code, names] of Object.entries(codes)) {
    for (const name of names) byName.set(name, code);
    bySequence.set(sequenceKey(String.fromCodePoint(...code.split("-").map((h) => parseInt(h, 16)))), code);
  }
  return { codes, byName, bySequence };
})();

/** A run of characters as the table keys it: without U+FE0F, the selector that asks for emoji presentation. */
function sequenceKey(text: string): string {
  return text.replace(/\uFE0F/g, "");
}

/**
 * Every unicode emoji code of the table with its names, the canonical one first: the `code_to_names` of the data
 * register's server_emoji_data_url points to.
 */
export function emojiCodeToNames(): Record<string, string[]> {
  return Object.fromEntries(Object.entries(table.codes).map(([code, names]) => [code, [...names]]));
}

/** The emoji a run of unicode characters is, by its canonical name and code, or null when the table lacks it. */
export function emojiOfText(text: string): { name: string; code: string } | null {
  const code = table.bySequence.get(sequenceKey(text));
  return code === undefined ? null : { name: table.codes[code]![0]!, code };
}

/** The one extra emoji real servers know beside unicode and custom ones (wire §12 reaction_type). */
const EXTRA = { name: "zulip", code: "zulip" };

export type ReactionType = Reaction["reactionType"];
export interface Emoji {
  emojiName: string;
  emojiCode: string;
  reactionType: ReactionType;
}

const TYPES: readonly ReactionType[] = ["unicode_emoji", "realm_emoji", "zulip_extra_emoji"];

function readType(raw: string | undefined): ReactionType | undefined {
  if (raw === undefined) return undefined;
  if (!(TYPES as readonly string[]).includes(raw)) throw badRequest("Invalid emoji type.");
  return raw as ReactionType;
}

/** An emoji by name alone, or null: a unicode emoji of the table or the extra one; the organization has no custom emoji. */
export function emojiByNameOrNull(name: string): Emoji | null {
  if (name === EXTRA.name) return { emojiName: name, emojiCode: EXTRA.code, reactionType: "zulip_extra_emoji" };
  const code = table.byName.get(name);
  if (code === undefined) return null;
  return { emojiName: name, emojiCode: code, reactionType: "unicode_emoji" };
}

/** An emoji by name alone, as emojiByNameOrNull, or the API's error. */
export function emojiByName(name: string): Emoji {
  const e = emojiByNameOrNull(name);
  if (!e) throw badRequest(`Emoji '${name}' does not exist`);
  return e;
}

/**
 * The emoji of a reaction request: emoji_name, with an optional emoji_code and reaction_type that must agree with it.
 * Custom (realm) emoji do not exist in the reference organization.
 */
export function emojiOfRequest(name: string, rawCode: string | undefined, rawType: string | undefined): Emoji {
  const type = readType(rawType);
  if (rawCode === undefined) {
    const e = emojiByName(name);
    if (type !== undefined && type !== e.reactionType) throw badRequest("Invalid emoji name.");
    return e;
  }
  const reactionType = type ?? "unicode_emoji";
  if (reactionType === "realm_emoji") throw badRequest("Invalid custom emoji.");
  if (reactionType === "zulip_extra_emoji") {
    if (rawCode !== EXTRA.code || name !== EXTRA.name) throw badRequest("Invalid emoji name.");
    return { emojiName: name, emojiCode: rawCode, reactionType };
  }
  if (!Object.hasOwn(table.codes, rawCode)) throw badRequest("Invalid emoji code.");
  if (table.byName.get(name) !== rawCode) throw badRequest("Invalid emoji name.");
  return { emojiName: name, emojiCode: rawCode, reactionType };
}

/** The emoji a removal names: by code (and type) when given, else by name. */
export function emojiOfRemoval(name: string | undefined, rawCode: string | undefined, rawType: string | undefined): Pick<Emoji, "emojiCode" | "reactionType"> {
  const type = readType(rawType);
  if (rawCode !== undefined) return { emojiCode: rawCode, reactionType: type ?? "unicode_emoji" };
  if (name === undefined) throw badRequest("At least one of the following arguments must be present: emoji_name, emoji_code");
  const e = emojiByName(name);
  return { emojiCode: e.emojiCode, reactionType: type ?? e.reactionType };
}
