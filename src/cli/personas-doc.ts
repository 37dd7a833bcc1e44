import { z } from "zod";
import { organizationOf, personasOf, PersonasSchema, type Organization, type Personas } from "../target/personas.ts";
import { serverConfigOf } from "../target/server-config.ts";
import type { TargetInfo } from "../target/target.ts";
import { describeIssue, readJsonOption } from "./json-file.ts";
import { UsageError } from "./usage.ts";

/** The environment variable that may hold the personas document (CI keeps the keys in a secret, never in a file). */
export const PERSONAS_ENV = "CC_PERSONAS";

/** A personas document: the object `serve --json` (or `personas create`) prints, or the personas alone. */
export interface PersonasDocument {
  personas: Personas;
  serverConfig?: NonNullable<TargetInfo["serverConfig"]>;
  organization?: Organization;
}

/** Validates a parsed document; `where` names its source in every message ("--personas FILE", "CC_PERSONAS"). */
export function personasDocumentOf(doc: unknown, where: string): PersonasDocument {
  const { value, prefix } = personasOf(doc);
  const r = PersonasSchema.safeParse(value);
  if (!r.success) throw new UsageError(`${where}: ${describeIssue(r.error, prefix)}`);
  if (Object.keys(r.data).length === 0)
    throw new UsageError(`${where}: names no persona (expected e.g. {"personas": {"member": {"email", "apiKey", "userId"}}})`);
  let serverConfig: TargetInfo["serverConfig"];
  let organization: Organization | undefined;
  try {
    serverConfig = serverConfigOf(doc);
    organization = organizationOf(doc);
  } catch (e) {
    throw new UsageError(`${where}: ${(e as Error).message}`);
  }
  return { personas: r.data, ...(serverConfig ? { serverConfig } : {}), ...(organization ? { organization } : {}) };
}

/** The document of `--personas FILE`. */
export function readPersonasFile(file: string): PersonasDocument {
  return personasDocumentOf(
    readJsonOption("--personas", file, z.unknown(), (m) => new UsageError(m)),
    `--personas ${file}`,
  );
}

/** The document CC_PERSONAS holds, or undefined when it is unset or empty. */
export function personasFromEnv(env: NodeJS.ProcessEnv = process.env): PersonasDocument | undefined {
  const raw = env[PERSONAS_ENV];
  if (raw === undefined || raw.trim() === "") return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(raw);
  } catch (e) {
    throw new UsageError(
      `${PERSONAS_ENV}: not valid JSON (${(e as Error).message}); it holds the personas document, as \`serve --json\` or \`personas create\` prints it`,
    );
  }
  return personasDocumentOf(doc, PERSONAS_ENV);
}
