import { z } from "zod";

const ROLE = z.literal([100, 200, 300, 400, 600], { error: "role must be 100 (owner), 200 (administrator), 300 (moderator), 400 (member) or 600 (guest)" });

/**
 * The seed organization of fixtures/realm.json, and of `serve --seed FILE`. The seeding (state/fixture-seed.ts)
 * looks users up by persona, so every name a field refers to must exist, and names and emails are unique.
 */
export const RealmFixtureSchema = z
  .strictObject({
    $comment: z.string().optional(),
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
          role: ROLE,
          // 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded.
          bot_type: z.number().int().min(1).max(4).optional(),
          bot_owner: z.string().optional(),
          // The server-granted permission POST /users needs (catalog fl153.users.create-user-permission); unsaid,
          // owners and administrators hold it.
          can_create_users: z.boolean().optional(),
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
  })
  .superRefine((f, ctx) => {
    const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const personas = new Map<string, (typeof f.users)[number]>();
    const emails = new Set<string>();
    f.users.forEach((u, i) => {
      if (personas.has(u.persona)) issue(["users", i, "persona"], `persona '${u.persona}' is already used by another user`);
      personas.set(u.persona, u);
      const email = u.email.trim().toLowerCase();
      if (emails.has(email)) issue(["users", i, "email"], `email '${u.email}' is already used by another user`);
      emails.add(email);
    });
    f.users.forEach((u, i) => {
      if (u.bot_owner === undefined) return;
      const owner = personas.get(u.bot_owner);
      if (u.bot_type === undefined) issue(["users", i, "bot_owner"], "only a bot (a user with bot_type) has an owner");
      else if (!owner) issue(["users", i, "bot_owner"], `no user has persona '${u.bot_owner}'`);
      else if (owner.bot_type !== undefined) issue(["users", i, "bot_owner"], `'${u.bot_owner}' is a bot; a bot's owner is a person`);
    });
    if (!f.users.some((u) => u.role === 100 && u.bot_type === undefined))
      issue(["users"], "the organization needs an owner: a user with role 100 and no bot_type");
    const channels = new Set<string>();
    f.channels.forEach((c, i) => {
      const name = c.name.trim().toLowerCase();
      if (channels.has(name)) issue(["channels", i, "name"], `channel '${c.name}' is already defined`);
      channels.add(name);
      c.subscribers.forEach((p, j) => {
        if (!personas.has(p)) issue(["channels", i, "subscribers", j], `no user has persona '${p}'`);
      });
    });
  });
export type RealmFixture = z.infer<typeof RealmFixtureSchema>;
