import { z } from "zod";
import { RealmEmojiMap } from "../realm-emoji.ts";

/** `realm_emoji` op `update`: every custom emoji after one was added or deactivated. */
export const RealmEmojiEvent = z.looseObject({ id: z.number().int(), type: z.literal("realm_emoji"), op: z.literal("update"), realm_emoji: RealmEmojiMap });
