/**
 * Every behaviour of the reference server that depends on the feature level, one line each, named by the
 * catalog clause that states it. Handlers ask `rt.fl.has("name")`; `grep fl334` finds all of one level.
 */
export interface LevelSwitch {
  /** The first level with the behaviour. */
  since: number;
  /** The first level without it, when a later level removed it. */
  until?: number;
  clause: string;
}

const since = (level: number, clause: string): LevelSwitch => ({ since: level, clause });
const between = (level: number, until: number, clause: string): LevelSwitch => ({ since: level, until, clause });

export const levels = {
  // --- server, register, events ---
  /** Before it, only some endpoints list unsupported parameters (FL78, FL96, FL111). */
  ignoredParametersEverywhere: since(167, "fl167.server.ignored-parameters-unsupported"),
  badPrincipalIsBadRequest: since(208, "fl208.channels.bad-principal"),
  realmUrlField: since(257, "fl257.server.realm-url"),
  // --- messages: send and fetch ---
  realmStrMismatchRejected: between(153, 166, "fl153.messages.realm-str-mismatch-rejected"),
  directMessageType: since(174, "fl174.messages.direct-type"),
  includeAnchorParameter: since(155, "fl155.messages.include-anchor"),
  dmNarrowFilters: since(177, "fl177.messages.dm-narrow-filters"),
  messageIdsParameter: since(300, "fl300.messages.message-ids"),
  emptyTopicName: since(334, "fl334.messages.empty-topic-send"),
  allowEmptyTopicNameParameter: since(334, "fl334.messages.fetch-allow-empty-topic-name"),
  emptyTopicNameCapability: since(334, "fl334.register.capability-empty-topic-name"),
  emptyTopicDisplayName: since(334, "fl334.register.empty-topic-display-name"),
  linkifierUrlTemplateCapability: since(176, "fl176.register.capability-linkifier-url-template"),
  includeDeactivatedGroupsCapability: since(294, "fl294.register.capability-include-deactivated-groups"),
  userListIncompleteCapability: since(232, "fl232.register.capability-user-list-incomplete"),
  presenceHistoryLimitDays: since(288, "fl288.register.presence-history-limit-days"),
  reactionUserDictRemoved: since(328, "fl328.messages.reaction-user-dict-removed"),
  lastMovedTimestamp: since(365, "fl365.messages.last-moved-timestamp"),
  // --- messages: edit, move, delete, history ---
  // --- messages: flags, unreads, topics, read receipts ---
  // --- messages: reactions, submessages, typing, scheduled messages, empty topic ---
  // --- realm settings ---
} as const satisfies Record<string, LevelSwitch>;

export type LevelSwitchName = keyof typeof levels;

/** The emulated level, with the faults that flip some of its switches. */
export class FeatureLevel {
  constructor(
    readonly level: number,
    private readonly flipped: ReadonlySet<LevelSwitchName> = new Set(),
  ) {}

  has(name: LevelSwitchName): boolean {
    const s: LevelSwitch = levels[name];
    const on = this.level >= s.since && (s.until === undefined || this.level < s.until);
    return this.flipped.has(name) ? !on : on;
  }

  atLeast(level: number): boolean {
    return this.level >= level;
  }
}
