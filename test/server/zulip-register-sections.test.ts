import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOps, type Ops } from "./zulip-ops-support.ts";

/** Register sections the spec does not name and real clients read (test/zulip checks that a register has them all). */
describe("register starred_messages, recent_private_conversations and the emoji data (FL372)", () => {
  let ops: Ops;
  beforeAll(async () => {
    ops = await startOps(372);
  });
  afterAll(() => ops.close());

  const send = async (to: number[], content: string) => (await ops.call("member", "POST", "/messages", { type: "direct", to, content })).body.id as number;

  it("starred_messages lists the messages the user starred, ascending, and drops unstarred ones", async () => {
    const a = await send([ops.id("secondMember")], "first");
    const b = await send([ops.id("secondMember")], "second");
    for (const id of [b, a]) await ops.call("member", "POST", "/messages/flags", { messages: [id], op: "add", flag: "starred" });
    expect((await ops.register("member", [], ["starred_messages"])).starred_messages).toEqual([a, b]);
    await ops.call("member", "POST", "/messages/flags", { messages: [a], op: "remove", flag: "starred" });
    expect((await ops.register("member", [], ["starred_messages"])).starred_messages).toEqual([b]);
    expect((await ops.register("secondMember", [], ["starred_messages"])).starred_messages).toEqual([]);
  });

  it("recent_private_conversations has each conversation once, newest first, with the other participants", async () => {
    const group = await send([ops.id("secondMember"), ops.id("moderator")], "group");
    const self = await send([ops.id("member")], "note to self");
    const one = await send([ops.id("secondMember")], "again");
    const conversations = (await ops.register("member", [], ["recent_private_conversations"])).recent_private_conversations;
    expect(conversations).toEqual([
      { max_message_id: one, user_ids: [ops.id("secondMember")] },
      { max_message_id: self, user_ids: [] },
      { max_message_id: group, user_ids: [ops.id("moderator"), ops.id("secondMember")].sort((x, y) => x - y) },
    ]);
  });

  it("server_emoji_data_url serves every emoji code with its names, cached by ETag", async () => {
    const url = (await ops.register("member", [], ["realm"])).server_emoji_data_url as string;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const data = (await res.json()) as { code_to_names: Record<string, string[]> };
    expect(data.code_to_names["1f44d"]?.[0]).toBe("+1");
    expect(data.code_to_names["1f44d"]).toContain("thumbs_up");
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await fetch(url, { headers: { "if-none-match": etag! } })).status).toBe(304);
  });
});
