import { z } from "zod";

/** The roles the suites know. A target may lack some; tests that need a missing one are skipped, with that reason. */
export const PERSONA_ROLES = ["owner", "administrator", "moderator", "member", "secondMember", "guest", "bot"] as const;
export type PersonaRole = (typeof PERSONA_ROLES)[number];

export const PersonaSchema = z.strictObject({
  email: z.string().min(3),
  apiKey: z.string().min(1),
  userId: z.number().int().positive(),
});
export type Persona = z.infer<typeof PersonaSchema>;

export const PersonasSchema = z.partialRecord(z.enum(PERSONA_ROLES), PersonaSchema);
export type Personas = z.infer<typeof PersonasSchema>;

/** The `--personas FILE` document: the object `serve --json` prints (personas under `personas`), or the personas alone. */
export function personasOf(doc: unknown): { value: unknown; prefix: string } {
  if (doc !== null && typeof doc === "object" && !Array.isArray(doc) && "personas" in doc) return { value: (doc as { personas: unknown }).personas, prefix: "personas." };
  return { value: doc, prefix: "" };
}
