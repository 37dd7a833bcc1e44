import { describe, expect, it } from "vitest";
import { ApiClient } from "../../src/client/client.ts";
import { startReferenceTarget } from "../../src/target/reference.ts";
import { cleanRunMessages, newestMessageId } from "../../src/target/run-messages.ts";
import type { TargetInfo } from "../../src/target/target.ts";

const client = (target: TargetInfo, role: "member" | "secondMember") => {
  const p = target.personas[role]!;
  return new ApiClient(target.url, { email: p.email, apiKey: p.apiKey }, () => undefined, target.product);
};

const unreadOf = async (target: TargetInfo): Promise<number> => {
  const res = await client(target, "member").get("/messages", {
    anchor: "oldest",
    num_before: 0,
    num_after: 1000,
    narrow: [{ operator: "is", operand: "unread" }],
  });
  return (res.json!.messages as unknown[]).length;
};

describe("the run's messages are cleaned up after it", () => {
  it("on a server where the personas could read no message when the run began (newest -1), every message after counts", async () => {
    const { target, close } = await startReferenceTarget({ featureLevel: 372 });
    try {
      const after = await newestMessageId(target);
      expect(after).toBe(-1);
      const sent = await client(target, "secondMember").post("/messages", { type: "private", to: [target.personas.member!.userId], content: "hi" });
      expect(sent.status).toBe(200);
      expect(await unreadOf(target)).toBe(1);
      const cleaned = await cleanRunMessages(target, after);
      expect(cleaned).toMatchObject({ marked: 1, deleted: 1, left: [] });
      expect(await unreadOf(target)).toBe(0);
    } finally {
      await close();
    }
  });
});
