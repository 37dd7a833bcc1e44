import { describe, expect, it } from "vitest";
import { serversPerTest } from "./zulip-ops-support.ts";

/**
 * Message formatting (FL372, the default product): what Zulip's own Markdown cases leave out — a custom emoji by
 * name, emoticons only for a sender who asks for them, and external media linked, not previewed, when the server
 * has no image proxy.
 */
const start = serversPerTest();

async function rendered(ops: Awaited<ReturnType<typeof start>>, content: string): Promise<unknown> {
  const r = await ops.call("member", "POST", "/messages/render", { content });
  expect(r.status, `POST /messages/render content=${JSON.stringify(content)}`).toBe(200);
  return r.body.rendered;
}

describe("Message formatting beyond Zulip's Markdown cases", () => {
  it("renders a custom emoji as its image, before a unicode emoji of the same name", async () => {
    const ops = await start();
    const author = (ops.server.personas as Record<string, { userId: number }>).owner!.userId;
    const e = ops.server.runtime.store.realmEmoji.add("octopus", author, "png");
    expect(await rendered(ops, ":octopus:")).toBe(
      `<p><img alt=":octopus:" class="emoji" src="/user_avatars/2/emoji/images/${e.fileName}" title="octopus"></p>`,
    );
  });

  it("translates emoticons only for a sender with translate_emoticons", async () => {
    const ops = await start();
    expect(await rendered(ops, "hi :)")).toBe("<p>hi :)</p>");
    expect((await ops.call("member", "PATCH", "/settings", { translate_emoticons: true })).status).toBe(200);
    expect(await rendered(ops, "hi :)")).toBe('<p>hi <span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span></p>');
  });

  it("links an external image without previewing it when the server has no image proxy", async () => {
    const ops = await start();
    expect(await rendered(ops, "https://example.com/a.png")).toBe('<p><a href="https://example.com/a.png">https://example.com/a.png</a></p>');
  });
});
