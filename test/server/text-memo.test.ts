import { describe, expect, it } from "vitest";
import { TextMemo } from "../../reference-server/http/memo.ts";

describe("TextMemo (the wire layer's tables of values read from request texts)", () => {
  it("computes a text's value once, keeps no long text and nothing a failing read threw, and empties itself when full", () => {
    const memo = new TextMemo<number>(2, 5);
    let reads = 0;
    const read = (text: string) => memo.of(text, () => (reads++, text.length));
    expect([read("ab"), read("ab"), reads]).toEqual([2, 2, 1]);
    read("toolong");
    read("toolong");
    expect(reads).toBe(3);
    expect(() =>
      memo.of("bad", () => {
        throw new Error("malformed");
      }),
    ).toThrow("malformed");
    expect(memo.get("bad")).toBeUndefined();
    read("cd");
    expect(memo.get("ab")).toBe(2);
    read("ef");
    expect([memo.get("ab"), memo.get("cd"), memo.get("ef")]).toEqual([undefined, undefined, 2]);
  });
});
