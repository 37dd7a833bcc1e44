/** The version string a server at a level reports beside its feature level (wire §16): a release, or the next one's dev. */
const RELEASES: Array<{ last: number; name: string }> = [
  { last: 156, name: "6.0" },
  { last: 157, name: "6.2" },
  { last: 185, name: "7.0" },
  { last: 237, name: "8.0" },
  { last: 277, name: "9.0" },
  { last: 278, name: "9.2" },
  { last: 371, name: "10.0" },
  { last: 372, name: "10.2" },
];
const RELEASE_LEVELS = new Set([156, 157, 185, 237, 277, 278, 371, 372]);

export function versionFor(level: number): string {
  const r = RELEASES.find((x) => level <= x.last) ?? RELEASES[RELEASES.length - 1]!;
  return RELEASE_LEVELS.has(level) ? r.name : `${r.name}-dev`;
}
