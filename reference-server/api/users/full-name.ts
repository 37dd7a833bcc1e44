import { badRequest } from "../../errors/registry.ts";

/** Longest name a user may have, in characters (Zulip's MAX_NAME_LENGTH). */
const MAX_NAME_LENGTH = 100;

/**
 * A full_name parameter as real servers take it: trimmed, then refused when empty or too long, with their messages.
 * Undefined when the parameter is absent.
 */
export function checkFullName(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const name = raw.trim();
  if (name === "") throw badRequest("Name too short!");
  if ([...name].length > MAX_NAME_LENGTH) throw badRequest("Name too long!");
  return name;
}
