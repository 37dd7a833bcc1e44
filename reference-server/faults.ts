import type { Fault } from "./faults/fault.ts";
import { authenticationFaults } from "./faults/authentication.ts";
import { callsFaults } from "./faults/calls.ts";
import { channelsFaults } from "./faults/channels.ts";
import { errorsFaults } from "./faults/errors.ts";
import { eventsFaults } from "./faults/events.ts";
import { exportsFaults } from "./faults/exports.ts";
import { groupsFaults } from "./faults/groups.ts";
import { invitationsFaults } from "./faults/invitations.ts";
import { messagesCoreFaults } from "./faults/messages/core.ts";
import { messagesEditFaults } from "./faults/messages/edit.ts";
import { messagesFlagsFaults } from "./faults/messages/flags.ts";
import { messagesRenderingFaults } from "./faults/messages/rendering.ts";
import { messagesWidgetsFaults } from "./faults/messages/widgets.ts";
import { onboardingFaults } from "./faults/onboarding.ts";
import { presenceFaults } from "./faults/presence.ts";
import { pushFaults } from "./faults/push.ts";
import { realmEnforcementFaults } from "./faults/realm/enforcement.ts";
import { realmTableFaults, type RealmTableFaultId } from "./faults/realm/permission-table.ts";
import { realmFaults } from "./faults/realm/settings.ts";
import { registerFaults } from "./faults/register.ts";
import { serverFaults } from "./faults/server.ts";
import { settingsFaults } from "./faults/settings.ts";
import { uploadsFaults } from "./faults/uploads.ts";
import { usersFaults } from "./faults/users.ts";
import { versioningFaults } from "./faults/versioning.ts";
import { webhooksFaults } from "./faults/webhooks.ts";

export type { Fault } from "./faults/fault.ts";

/**
 * Every named fault of the reference server, by area (a file or a folder of parts per catalog area under faults/). The self-test
 * (test/self-test/faults-<area>[-<part>].test.ts) proves each one turns at least one test of its clause red.
 */
const handWritten = {
  ...authenticationFaults,
  ...callsFaults,
  ...channelsFaults,
  ...errorsFaults,
  ...eventsFaults,
  ...exportsFaults,
  ...groupsFaults,
  ...invitationsFaults,
  ...messagesCoreFaults,
  ...messagesEditFaults,
  ...messagesFlagsFaults,
  ...messagesRenderingFaults,
  ...messagesWidgetsFaults,
  ...onboardingFaults,
  ...presenceFaults,
  ...pushFaults,
  ...realmEnforcementFaults,
  ...realmFaults,
  ...registerFaults,
  ...serverFaults,
  ...settingsFaults,
  ...uploadsFaults,
  ...usersFaults,
  ...versioningFaults,
  ...webhooksFaults,
} as const satisfies Record<string, Fault>;

/** Every named fault: the hand-written ones and the realm permission-setting table's generated ones (typed by their id pattern). */
export const faults: typeof handWritten & Readonly<Record<RealmTableFaultId, Fault>> = { ...handWritten, ...realmTableFaults };

export type FaultId = keyof typeof faults;
export const FAULT_IDS = Object.keys(faults) as FaultId[];

export function isFaultId(id: string): id is FaultId {
  return Object.hasOwn(faults, id);
}
