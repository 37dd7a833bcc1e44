import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MessageFlags } from "../../reference-server/state/message-flags.ts";
import { SortedIds } from "../../reference-server/state/sorted-ids.ts";

/**
 * The huge-ids quirk gives message ids above 2^31, and past 2^32 in a long run, far apart (the API promises ids that
 * grow, no range and no density). The store's compact indexes must hold any id a double holds exactly: the sorted
 * lists behind every narrow and the flag rows, checked here against plain sets and maps over ids on both sides
 * of 2^31 and 2^32.
 */
const id = fc.oneof(
  fc.integer({ min: 1, max: 70_000 }),
  fc.integer({ min: 2 ** 31 - 3, max: 2 ** 31 + 3 }),
  fc.integer({ min: 2 ** 32 - 3, max: 2 ** 33 }),
  fc.constant(2 ** 53 - 1),
);

describe("SortedIds holds ids beyond 32 bits", () => {
  it("after any adds and removes it lists what a set holds, ascending, and finds each", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), id), { maxLength: 60 }), (steps) => {
        const list = new SortedIds();
        const model = new Set<number>();
        for (const [add, n] of steps) {
          if (add) (list.add(n), model.add(n));
          else (list.remove(n), model.delete(n));
        }
        const want = [...model].sort((a, b) => a - b);
        const got: number[] = [];
        list.appendTo(got);
        expect(got).toEqual(want);
        for (const n of want) expect(list.has(n), `has(${n})`).toBe(true);
        expect(list.at(want.length - 1)).toBe(want.at(-1));
      }),
    );
  });
});

describe("MessageFlags keeps rows for ids beyond 2^31", () => {
  it("rows, flags, unread and starred lists, holders and the newest row agree with a map of rows", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ user: fc.integer({ min: 8, max: 10 }), id, flags: fc.subarray(["read", "starred", "mentioned"]), drop: fc.boolean() }), {
          maxLength: 40,
        }),
        (steps) => {
          const flags = new MessageFlags(() => "place");
          const model = new Map<string, Set<string>>();
          for (const s of steps) {
            if (s.drop) {
              flags.removeMessage(s.id);
              for (const u of [8, 9, 10]) model.delete(`${u}:${s.id}`);
            } else {
              flags.setRow(s.user, s.id, s.flags);
              model.set(`${s.user}:${s.id}`, new Set(s.flags));
            }
          }
          for (const u of [8, 9, 10]) {
            const rows = [...model].filter(([k]) => k.startsWith(`${u}:`)).map(([k, f]) => [Number(k.split(":")[1]), f] as const);
            for (const [m, f] of rows) expect(flags.get(u, m), `user ${u} message ${m}`).toEqual(f);
            const ids = rows.map(([m]) => m).sort((a, b) => a - b);
            expect(flags.newestOf(u), `newestOf(${u})`).toBe(ids.at(-1) ?? -1);
            const got: number[] = [];
            flags.unreadOf(u).appendTo(got);
            expect(got, `unreadOf(${u})`).toEqual(
              rows
                .filter(([, f]) => !f.has("read"))
                .map(([m]) => m)
                .sort((a, b) => a - b),
            );
            const star: number[] = [];
            flags.starredOf(u).appendTo(star);
            expect(star, `starredOf(${u})`).toEqual(
              rows
                .filter(([, f]) => f.has("starred"))
                .map(([m]) => m)
                .sort((a, b) => a - b),
            );
          }
          for (const s of steps) {
            const want = new Set([8, 9, 10].filter((u) => model.has(`${u}:${s.id}`)));
            expect(flags.holdersOf(s.id), `holdersOf(${s.id})`).toEqual(want);
          }
        },
      ),
    );
  });
});
