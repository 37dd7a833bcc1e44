import type { FeatureLevel } from "./levels.ts";

/**
 * Behaviours of real Zulip servers that the spec does not state (Zulip-only operations, and changes at levels the
 * spec lists as changing nothing), at the level the "Changes" notes of Zulip's API description give them. levels.ts
 * cannot hold them: each of its switches names a catalog clause. Whole operations are gated by their route's
 * `operation` instead.
 */
export const ZULIP_LEVELS = {
  /** POST /dev_fetch_api_key answers user_id too. */
  devFetchApiKeyUserId: 171,
  /** Muting a muted topic, or unmuting one that is not muted, succeeds instead of failing (muted_topics endpoint). */
  mutedTopicNoOpSucceeds: 169,
  /** Bots can be muted and unmuted; before, a bot's id was "No such user". */
  muteBots: 188,
  /** Code playgrounds take and carry url_template, an RFC 6570 template, in place of url_prefix. */
  playgroundUrlTemplate: 196,
  /** The register section `saved_snippets`, which came with the saved-snippet endpoints. */
  savedSnippets: 297,
  /** The subscribe response keys its `subscribed` and `already_subscribed` by user ID; before, by email address. */
  subscribeResultByUserId: 289,
  /** Default channels travel as channel IDs, not channel objects (register realm_default_streams, default_streams events). */
  defaultChannelIds: 330,
} as const;

export type ZulipLevelName = keyof typeof ZULIP_LEVELS;

/** Whether the emulated level has the Zulip behaviour. */
export function zulipHas(fl: FeatureLevel, name: ZulipLevelName): boolean {
  return fl.atLeast(ZULIP_LEVELS[name]);
}
