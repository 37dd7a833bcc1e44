import { z } from "zod";

/** The roles the suites know. A target may lack some; tests that need a missing one are skipped, with that reason. */
export const PERSONA_ROLES = ["owner", "administrator", "moderator", "member", "secondMember", "guest", "bot"] as const;
export type PersonaRole = (typeof PERSONA_ROLES)[number];

/** The organization role (GET /users/me `role`) each human persona's account has; the bot is told by is_bot. */
export const ROLE_VALUE: Record<Exclude<PersonaRole, "bot">, number> = {
  owner: 100,
  administrator: 200,
  moderator: 300,
  member: 400,
  secondMember: 400,
  guest: 600,
};

/** The personas that stand for ordinary members: the channel the suites share must take their messages. */
export const MEMBER_PERSONAS: readonly PersonaRole[] = ["member", "secondMember"];

export const PersonaSchema = z.strictObject({
  email: z.string().min(3),
  apiKey: z.string().min(1),
  userId: z.number().int().positive(),
});
export type Persona = z.infer<typeof PersonaSchema>;

export const PersonasSchema = z.partialRecord(z.enum(PERSONA_ROLES), PersonaSchema);
export type Personas = z.infer<typeof PersonasSchema>;

/** The channel the suites assume every organization has, unless the personas file's `organization.channel` names another. */
export const DEFAULT_CHANNEL = "general";

/**
 * What the suites assume of the organization, as the personas document may state it next to `personas`
 * (`"organization": {"channel": "…"}`): the channel the member personas post to and invite to.
 */
export const OrganizationSchema = z.strictObject({
  channel: z.string().min(1).max(60).optional(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/** The `--personas FILE` document: the object `serve --json` prints (personas under `personas`), or the personas alone. */
export function personasOf(doc: unknown): { value: unknown; prefix: string } {
  if (doc !== null && typeof doc === "object" && !Array.isArray(doc) && "personas" in doc)
    return { value: (doc as { personas: unknown }).personas, prefix: "personas." };
  return { value: doc, prefix: "" };
}

/** The document's `organization`, or undefined when it has none; throws a one-line message when it is malformed. */
export function organizationOf(doc: unknown): Organization | undefined {
  if (doc === null || typeof doc !== "object" || Array.isArray(doc) || !("organization" in doc)) return undefined;
  const r = OrganizationSchema.safeParse((doc as { organization: unknown }).organization);
  if (!r.success) throw new Error(`organization${r.error.issues[0]!.path.map((p) => `.${String(p)}`).join("")}: ${r.error.issues[0]!.message}`);
  return r.data;
}
