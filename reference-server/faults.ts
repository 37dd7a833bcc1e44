import type { Fault } from "./faults/fault.ts";
import { serverWireFaults } from "./faults/server-wire.ts";
import { messagesEditFaults } from "./faults/messages-edit.ts";
import { messagesFlagsFaults } from "./faults/messages-flags.ts";
import { messagesWidgetsFaults } from "./faults/messages-widgets.ts";
import { uploadsFaults } from "./faults/uploads.ts";
import { realmFaults } from "./faults/realm.ts";
import { realmTableFaults, type RealmTableFaultId } from "./faults/realm-table.ts";
import { usersFaults } from "./faults/users.ts";
import { groupsFaults } from "./faults/groups.ts";
import { settingsFaults } from "./faults/settings.ts";
import { messagesRenderingFaults } from "./faults/messages-rendering.ts";

import { invitationsFaults } from "./faults/invitations.ts";
import { integrationsFaults } from "./faults/integrations.ts";
import { pushFaults } from "./faults/push.ts";

import { channelsFaults } from "./faults/channels.ts";
import { messagesCoreFaults } from "./faults/messages-core.ts";

import { controlFaults } from "./faults/control.ts";

export type { Fault } from "./faults/fault.ts";

/**
 * Every named fault of the reference server, by area (one file each under faults/). The self-test
 * (test/self-test/faults-<area>.test.ts) proves each one turns at least one test of its clause red.
 */
const handWritten = {
  ...serverWireFaults,
  ...messagesEditFaults,
  ...messagesFlagsFaults,
  ...messagesWidgetsFaults,
  ...uploadsFaults,
  ...realmFaults,
  ...usersFaults,
  ...groupsFaults,
  ...settingsFaults,
  ...messagesRenderingFaults,
  ...invitationsFaults,
  ...integrationsFaults,
  ...pushFaults,
  ...channelsFaults,
  ...messagesCoreFaults,
  ...controlFaults,
} as const satisfies Record<string, Fault>;

/** Every named fault: the hand-written ones and the realm permission-setting table's generated ones (typed by their id pattern). */
export const faults: typeof handWritten & Readonly<Record<RealmTableFaultId, Fault>> = { ...handWritten, ...realmTableFaults };

export type FaultId = keyof typeof faults;
export const FAULT_IDS = Object.keys(faults) as FaultId[];

export function isFaultId(id: string): id is FaultId {
  return Object.hasOwn(faults, id);
}
