import { startSibling, type Sibling } from "../target/sibling.ts";
import type { TargetInfo } from "../target/target.ts";

/**
 * Suite files that change organization-wide settings (PATCH /realm) while they run, so that no other test may share
 * their organization. `run` shares one target between all other files. Against a reference server each of these
 * files gets an organization of its own (a sibling the target's control starts, like it in level, faults and
 * product), and runs beside the others; where there is none (a real server), `run` runs them in a second pass, one
 * file at a time. (`npm test` needs neither: each worker has its own servers and runs its files one at a time.)
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

/** The organizations of this worker's isolated files, by file: started by the file's first test, closed after its last. */
const OWN = new Map<string, Promise<Sibling>>();

/** The organization an isolated file's tests run against: started on first use from the run's target. */
export async function organizationOf(file: string, target: TargetInfo): Promise<TargetInfo> {
  let sibling = OWN.get(file);
  if (!sibling) OWN.set(file, (sibling = startSibling(target)));
  return (await sibling).target;
}

/** Closes an isolated file's organization once its tests are done (never throws: the run closes every sibling anyway). */
export async function closeOrganizationOf(file: string): Promise<void> {
  const sibling = OWN.get(file);
  OWN.delete(file);
  await sibling?.then((s) => s.close()).catch(() => undefined);
}
