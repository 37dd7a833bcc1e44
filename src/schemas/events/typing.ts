import { z } from "zod";

const Person = z.strictObject({ user_id: z.number().int(), email: z.string() });
const base = { id: z.number().int().nonnegative(), type: z.literal("typing"), op: z.enum(["start", "stop"]), sender: Person };

/** Direct-message `typing` events (wire §10): message_type `direct` from FL215, `private` before. */
export function directTypingEventSchema(messageType: "direct" | "private") {
  return z.strictObject({ ...base, message_type: z.literal(messageType), recipients: z.array(Person).min(1) });
}

/** Channel `typing` events: the channel and the topic. */
export const ChannelTypingEvent = z.strictObject({ ...base, message_type: z.literal("stream"), stream_id: z.number().int(), topic: z.string() });
export type ChannelTypingEvent = z.infer<typeof ChannelTypingEvent>;
