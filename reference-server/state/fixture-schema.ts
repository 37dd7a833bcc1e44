import { z } from "zod";

/** The seed organization of fixtures/realm.json. */
export const RealmFixtureSchema = z.looseObject({
  realm: z.strictObject({
    name: z.string().min(1),
    string_id: z.string().min(1),
    description: z.string(),
    empty_topic_display_name: z.string().min(1),
  }),
  users: z
    .array(
      z.strictObject({
        persona: z.string().min(1),
        full_name: z.string().min(1),
        email: z.string().includes("@"),
        role: z.union([z.literal(100), z.literal(200), z.literal(300), z.literal(400), z.literal(600)]),
        bot_type: z.number().int().optional(),
        bot_owner: z.string().optional(),
      }),
    )
    .min(1),
  channels: z.array(
    z.strictObject({
      name: z.string().min(1),
      description: z.string(),
      invite_only: z.boolean(),
      is_web_public: z.boolean().optional(),
      history_public_to_subscribers: z.boolean().optional(),
      is_default: z.boolean().optional(),
      subscribers: z.array(z.string()),
    }),
  ),
});
export type RealmFixture = z.infer<typeof RealmFixtureSchema>;
