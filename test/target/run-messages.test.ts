import { describe, expect, it } from "vitest";
import { ApiClient } from "../../src/client/client.ts";
import { startReferenceTarget } from "../../src/target/reference.ts";
import { cleanRunMessages, newestMessageId } from "../../src/target/run-messages.ts";
import type { TargetInfo } from "../../src/target/target.ts";

const client = (target: TargetInfo, role: "member" | "secondMember" | "owner") => {
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

  it("what a persona may not delete of its own, the administrator deletes", async () => {
    const { target, close } = await startReferenceTarget({ featureLevel: 372 });
    try {
      const owner = client(target, "owner");
      const groups = (await owner.post("/register", { fetch_event_types: ["realm_user_groups"], event_types: ["heartbeat"] })).json!
        .realm_user_groups as Array<{
        id: number;
        name: string;
      }>;
      const admins = groups.find((g) => g.name === "role:administrators")!.id;
      expect((await owner.patch("/realm", { can_delete_own_message_group: { new: admins } })).status).toBe(200);
      const after = await newestMessageId(target);
      const sent = await client(target, "member").post("/messages", { type: "stream", to: "general", topic: "mine", content: "hi" });
      expect(sent.status).toBe(200);
      expect((await client(target, "member").delete(`/messages/${sent.json!.id as number}`)).status).toBe(400);
      const cleaned = await cleanRunMessages(target, after);
      expect(cleaned.left).toEqual([]);
      expect((await owner.get(`/messages/${sent.json!.id as number}`)).status).toBe(400);
    } finally {
      await close();
    }
  });
});
