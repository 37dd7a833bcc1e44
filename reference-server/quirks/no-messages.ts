import type { QuirkName } from "../../facts/quirks.ts";

/**
 * no-messages: the personas have no message at all. The default organization seeds none; under --product zulip
 * each person's Welcome Bot message is withheld (DataQuirks.greets), the bot itself kept.
 */
export const noMessagesApplied = (zulip: boolean): string =>
  `quirk no-messages: the personas have no messages${zulip ? " (the Welcome Bot's direct message withheld)" : ""}`;

/** What no-messages says when quirks that seed history were named with it. */
export const noMessagesYields = (history: readonly QuirkName[]): string =>
  `quirk no-messages: not applied: ${history.join(", ")} seed history the personas read; name no-messages without them for an empty history`;
