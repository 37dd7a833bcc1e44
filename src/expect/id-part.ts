/**
 * Text as a test id writes it: lower case, each run of other characters one dash ("can_create_groups" →
 * "can-create-groups"). A test declared from a table (one per setting, say) makes the part of its id that names
 * its row with it.
 */
export const idPart = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
