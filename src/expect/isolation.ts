/**
 * Suite files that change organization-wide settings (PATCH /realm) while they run. `run` shares one target
 * between all files, so it runs these in a second pass, one file at a time: no other test ever sees a setting they
 * changed, and they never race each other over the same setting. (`npm test` needs no list: each worker has its
 * own servers and runs its files one at a time.)
 */
export const ISOLATED_SUITES: readonly string[] = [
  // --- channels ---
  "suites/channels/realm-permissions.test.ts",
  "suites/realm/permission-settings.test.ts",
  "suites/messages/edit-limits.test.ts",
  "suites/messages/edit-permissions.test.ts",
  "suites/users/access.test.ts",
  "suites/users/email-visibility.test.ts",
  // --- groups ---
  "suites/groups/permissions.test.ts",
  // --- realm ---
  "suites/realm/settings.test.ts",
  "suites/realm/permissions-enforced.test.ts",
  // --- settings, presence ---
  "suites/settings/defaults.test.ts",
  "suites/presence/access.test.ts",
  // --- invitations ---
  "suites/invitations/invite-permissions.test.ts",
];

export const isIsolated = (file: string): boolean => ISOLATED_SUITES.includes(file);
