import { badRequest } from "../../errors/registry.ts";
import type { Runtime } from "../../runtime.ts";
import type { User } from "../../state/types.ts";

/**
 * The realm's rules on who may send a direct message (POST /messages): from FL270 direct_message_initiator_group
 * (starting a conversation) and direct_message_permission_group (someone in it takes part); before, the
 * private_message_policy that turned them off. Each refusal is 400 BAD_REQUEST.
 */
export function checkDirectMessagePermission(rt: Runtime, sender: User, recipients: readonly User[]): void {
  const perms = rt.access.realm;
  if (perms.directMessagesDisabled(sender, recipients)) throw badRequest("Direct messages are disabled in this organization.");
  const participants = [...new Set([sender.id, ...recipients.map((r) => r.id)])];
  const isNew = rt.store.conversationMessages(participants).length === 0;
  if (!perms.mayInitiate(sender, recipients, isNew)) throw badRequest("You do not have permission to initiate direct message conversations.");
  if (!perms.conversationAuthorized(sender, recipients)) throw badRequest("This conversation does not include any users who can authorize it.");
}
