import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { jsonEqual } from "../../../src/expect/state/json-equal.ts";

/**
 * The invariant's equality (fl153.events.state-consistency compares a reduced state with a fresh register) answers
 * as isDeepStrictEqual does over JSON values: equal values, reordered keys, and values one change apart.
 */
const json = fc.jsonValue({ maxDepth: 4 });

/** The value with its object keys in reverse order, at every depth. */
function reordered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reordered);
  if (v !== null && typeof v === "object")
    return Object.fromEntries(
      Object.entries(v)
        .reverse()
        .map(([k, x]) => [k, reordered(x)]),
    );
  return v;
}

describe("jsonEqual", () => {
  it("agrees with isDeepStrictEqual on any two JSON values", () => {
    fc.assert(fc.property(json, json, (a, b) => jsonEqual(a, b) === isDeepStrictEqual(a, b)));
  });

  it("holds for a value and its copy with reordered keys, and fails one change away", () => {
    fc.assert(
      fc.property(json, (a) => {
        expect(jsonEqual(a, reordered(structuredClone(a)))).toBe(true);
        expect(jsonEqual({ k: a }, { k: a, extra: null })).toBe(false);
        expect(jsonEqual([a], [a, a])).toBe(false);
      }),
    );
  });

  it("tells apart what JSON tells apart: an array from an object, null from an object, a number from its string", () => {
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual({ 0: 1 }, [1])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual(1, "1")).toBe(false);
    expect(jsonEqual({ a: undefined }, {})).toBe(isDeepStrictEqual({ a: undefined }, {}));
  });
});
