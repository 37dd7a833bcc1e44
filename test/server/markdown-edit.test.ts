import { describe, expect, it } from "vitest";
import { serversPerTest } from "./zulip-ops-support.ts";

/** Message formatting (FL372): an edit re-renders the content, and the edit history keeps the earlier rendering. */
const start = serversPerTest();

describe("PATCH /messages/{id} content re-renders", () => {
  it("renders the new content's markup and keeps the old rendering in the history", async () => {
    const ops = await start();
    const sent = await ops.call("member", "POST", "/messages", { type: "stream", to: "general", topic: "render", content: "**bold**" });
    expect(sent.status).toBe(200);
    const id = sent.body.id as number;
    expect((await ops.call("member", "PATCH", `/messages/${id}`, { content: "*new* :smile:" })).status).toBe(200);
    const got = await ops.call("member", "GET", `/messages/${id}`);
    expect((got.body.message as Record<string, unknown>).content).toBe(
      '<p><em>new</em> <span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span></p>',
    );
    const history = await ops.call("member", "GET", `/messages/${id}/history`);
    const rendered = (history.body.message_history as Array<{ rendered_content?: string }>).map((h) => h.rendered_content);
    expect(rendered).toEqual(["<p><strong>bold</strong></p>", (got.body.message as Record<string, unknown>).content]);
  });
});
