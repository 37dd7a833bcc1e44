import type { TargetInfo } from "./target.ts";

/**
 * The two member personas are accounts of the same role with nothing else told apart (the bot belongs to `member`,
 * so a test that uses the bot keeps them as named). Real servers limit each user's requests (Zulip: 200 a minute),
 * and most tests act mainly as `member`: the run would spend that one account's budget while `secondMember`'s lay
 * idle. Every other test therefore runs with the two exchanged, chosen by its id so that a test always gets the same
 * accounts (a failure replays as it happened) and the run's requests fall on both about evenly.
 */
export function spreadMemberPersonas(target: TargetInfo, testId: string, needs: readonly string[]): TargetInfo {
  const { member, secondMember } = target.personas;
  if (!member || !secondMember || needs.includes("bot") || parityOf(testId) === 0) return target;
  return { ...target, personas: { ...target.personas, member: secondMember, secondMember: member } };
}

/**
 * 0 or 1 from a string: FNV-1a, then murmur3's finalizer, whose mixing reaches the low bit (FNV-1a's own low bit is
 * the parity of the characters' low bits, the same for ids that differ by a repeated digit). Stable across runs and
 * machines.
 */
function parityOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h & 1;
}
