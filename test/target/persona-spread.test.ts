import { describe, expect, it } from "vitest";
import { spreadMemberPersonas } from "../../src/target/persona-spread.ts";
import type { TargetInfo } from "../../src/target/target.ts";

const member = { email: "member@x.example", apiKey: "k".repeat(32), userId: 4 };
const secondMember = { email: "second@x.example", apiKey: "l".repeat(32), userId: 5 };
const bot = { email: "bot@x.example", apiKey: "m".repeat(32), userId: 6 };
const target = (personas: TargetInfo["personas"]): TargetInfo => ({
  kind: "url",
  url: "http://127.0.0.1:9",
  featureLevel: 372,
  product: "chat",
  personas,
  runId: "cc-test",
  notes: [],
});
const ids = Array.from({ length: 400 }, (_, i) => `fl153.messages.case-${i}#title-${i}`);

describe("the member personas are spread over the tests", () => {
  it("about half the tests run with member and secondMember exchanged, the same ones every time", () => {
    const t = target({ member, secondMember });
    const swapped = ids.filter((id) => spreadMemberPersonas(t, id, ["member", "secondMember"]).personas.member === secondMember);
    expect(swapped.length).toBeGreaterThan(160);
    expect(swapped.length).toBeLessThan(240);
    expect(ids.filter((id) => spreadMemberPersonas(t, id, ["member"]).personas.member === secondMember)).toEqual(swapped);
    const one = spreadMemberPersonas(t, swapped[0]!, ["member"]);
    expect(one.personas).toEqual({ member: secondMember, secondMember: member });
    // The target itself is left as it was: the next test starts from the personas file.
    expect(t.personas.member).toBe(member);
  });

  it("keeps the personas as named when the test uses the bot (it belongs to member) or secondMember is absent", () => {
    const withBot = target({ member, secondMember, bot });
    for (const id of ids) expect(spreadMemberPersonas(withBot, id, ["member", "bot"])).toBe(withBot);
    const alone = target({ member });
    for (const id of ids) expect(spreadMemberPersonas(alone, id, ["member"])).toBe(alone);
  });
});
