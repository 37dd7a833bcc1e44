/**
 * The catalog's fixed words, without its schema: the CLI's option tables and help read them without loading zod.
 */

/** The feature levels the catalog covers, and its releases: facts the reference server shares. */
export { FIRST_LEVEL, LAST_LEVEL } from "../../facts/levels.ts";
export { RELEASES, type Release } from "../../facts/releases.ts";

export const AREAS = [
  "server",
  "register",
  "events",
  "messages",
  "channels",
  "users",
  "groups",
  "realm",
  "settings",
  "presence",
  "invitations",
  "uploads",
  "exports",
  "calls",
  "push",
  "onboarding",
  "webhooks",
  "authentication",
  "errors",
  "versioning",
] as const;
export type Area = (typeof AREAS)[number];
