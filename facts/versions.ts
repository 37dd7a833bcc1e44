/**
 * The version string a server at a level reports beside its feature level (wire §16): the release tagged at that
 * level, or the next tagged release's `-dev` between two tags.
 */
const VERSIONS: Array<{ last: number; name: string }> = [
  { last: 156, name: "6.0" },
  { last: 157, name: "6.2" },
  { last: 185, name: "7.0" },
  { last: 237, name: "8.0" },
  { last: 277, name: "9.0" },
  { last: 278, name: "9.2" },
  { last: 371, name: "10.0" },
  { last: 372, name: "10.2" },
];

/**
 * The levels a version was tagged at. Not the catalog's release markers (facts/releases.ts): 157 and 278 are
 * backports tagged as maintenance versions, and 372 is the last level, tagged 10.2.
 */
const VERSION_TAG_LEVELS = new Set([156, 157, 185, 237, 277, 278, 371, 372]);

export function versionFor(level: number): string {
  const r = VERSIONS.find((x) => level <= x.last) ?? VERSIONS[VERSIONS.length - 1]!;
  return VERSION_TAG_LEVELS.has(level) ? r.name : `${r.name}-dev`;
}
