/**
 * The spec's release table and level lists, as resolved by src/catalog/data/conflicts.yaml. The catalog lint checks
 * src/catalog/data/levels.yaml against these, so the two are written independently of each other.
 */

/** The spec's releases, in order. */
export const RELEASES = ["6.x", "7.0", "8.0", "9.x", "10.0"] as const;
export type Release = (typeof RELEASES)[number];

/** Each release's levels, first..last inclusive (conflict.release-7-range-186-187, conflict.levels-238-239-release,
 * conflict.release-9x-range, conflict.release-10-range-372). */
export const RELEASE_RANGES: readonly { release: Release; first: number; last: number }[] = [
  { release: "6.x", first: 153, last: 158 },
  { release: "7.0", first: 159, last: 187 },
  { release: "8.0", first: 188, last: 239 },
  { release: "9.x", first: 240, last: 279 },
  { release: "10.0", first: 280, last: 372 },
];

/** Levels that mark a release and change nothing (levels.yaml's `kind: release`). */
export const RELEASE_MARKER_LEVELS: readonly number[] = [156, 185, 237, 277, 371];

/** Levels kept free for maintenance releases and never used. */
export const RESERVED_LEVELS: readonly number[] = [158, 186, 187, 238, 239, 279];

/** Backport level -> the level whose change it repeats. */
export const BACKPORTS: Readonly<Record<number, number>> = { 157: 180, 278: 287 };

/** The spec's list of levels with no change entry, exactly as written (ranges inclusive, either order). */
export const SPEC_NO_CHANGE_LIST =
  "370 to 362, 360, 357, 350, 347, 346, 342, 330, 329, 327, 325 to 322, 320, 319, 315 to 311, 308, 301, 297, 296, " +
  "292, 290, 289, 284, 283, 281, 275, 271, 269, 268, 265, 262, 260, 258, 256, 254, 253, 250 to 244, 239, 235, 226, " +
  "224, 219, 217, 210, 203 to 202, 199 to 196, 194 to 190, 188, 184, 178, 175, 173, 171 to 168, 165";

/** Levels below the catalog floor that the spec cites (ignored_parameters_unsupported before FL167). */
export const CITED_LEVELS_BELOW_FLOOR: readonly number[] = [78, 96, 111];

/** Parses a list such as "370 to 362, 360, 203 to 202" into the set of levels it names. */
export function parseLevelList(text: string): Set<number> {
  const levels = new Set<number>();
  for (const part of text.split(",")) {
    const m = /^\s*(\d+)(?:\s+to\s+(\d+))?\s*$/.exec(part);
    if (!m) throw new Error(`not a level or range: '${part.trim()}'`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    for (let l = Math.min(a, b); l <= Math.max(a, b); l++) levels.add(l);
  }
  return levels;
}

export const NO_CHANGE_LEVELS: ReadonlySet<number> = parseLevelList(SPEC_NO_CHANGE_LIST);

/** The release a level belongs to, or undefined outside 153..372. */
export function releaseForLevel(level: number): Release | undefined {
  return RELEASE_RANGES.find((r) => level >= r.first && level <= r.last)?.release;
}

/** The label that groups a clause level by release; levels below the floor come before the first release. */
export const BEFORE_FIRST_RELEASE = "before 6.x";
export function releaseLabel(level: number): string {
  if (level < RELEASE_RANGES[0]!.first) return BEFORE_FIRST_RELEASE;
  return releaseForLevel(level) ?? "unknown";
}
