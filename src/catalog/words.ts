/**
 * The catalog's fixed words, without its schema: the CLI's option tables and help read them without loading zod.
 */

/** The feature levels the catalog covers: every one of them has exactly one entry. */
export const FIRST_LEVEL = 153;
export const LAST_LEVEL = 372;

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

export const RELEASES = ["6.x", "7.0", "8.0", "9.x", "10.0"] as const;
export type Release = (typeof RELEASES)[number];
