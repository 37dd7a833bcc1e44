import { existsSync, readFileSync } from "node:fs";
import type { z } from "zod";

/**
 * Reads a JSON file named by a CLI option and validates it; every problem is one line naming the option, the
 * file and, for a schema mismatch, the field (`fail` makes the error the caller's command reports).
 */
export function readJsonOption<S extends z.ZodType>(option: string, file: string, schema: S, fail: (msg: string) => Error, pathPrefix = ""): z.infer<S> {
  if (!existsSync(file)) throw fail(`${option}: no such file: ${file}`);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw fail(`${option} ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw fail(`${option} ${file}: not valid JSON (${(e as Error).message})`);
  }
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  throw fail(`${option} ${file}: ${describeIssue(r.error, pathPrefix)}`);
}

/** "field.path: message" for the first issue of a zod error. */
export function describeIssue(error: z.ZodError, pathPrefix = ""): string {
  const issue = error.issues[0]!;
  return `${pathPrefix}${issue.path.join(".") || "(top level)"}: ${issue.message}`;
}
