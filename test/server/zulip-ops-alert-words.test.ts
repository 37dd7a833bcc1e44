import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiError, startOps, type Ops } from "./zulip-ops-support.ts";

describe("alert words (/users/me/alert_words, register `alert_words`, `alert_words` events)", () => {
  let ops: Ops;
  beforeAll(async () => {
    ops = await startOps(153);
  });
  afterAll(() => ops.close());

  it("adds words (trimmed, blank dropped, known ones in any case ignored) and answers and announces the whole list", async () => {
    expect((await ops.call("member", "GET", "/users/me/alert_words")).body).toMatchObject({ result: "success", alert_words: [] });
    const q = await ops.register("member", ["alert_words"]);
    const added = await ops.call("member", "POST", "/users/me/alert_words", { alert_words: [" Natural ", "illustrious", ""] });
    expect(added.body).toMatchObject({ result: "success", alert_words: ["Natural", "illustrious"] });
    const again = await ops.call("member", "POST", "/users/me/alert_words", { alert_words: ["NATURAL", "foo", "FOO"] });
    expect(again.body.alert_words).toEqual(["Natural", "illustrious", "FOO"]);
    expect((await ops.call("member", "GET", "/users/me/alert_words")).body.alert_words).toEqual(["Natural", "illustrious", "FOO"]);
    expect(await ops.events("member", q.queue_id as string)).toEqual([
      { id: 0, type: "alert_words", alert_words: ["Natural", "illustrious"] },
      { id: 1, type: "alert_words", alert_words: ["Natural", "illustrious", "FOO"] },
    ]);
    expect((await ops.call("secondMember", "GET", "/users/me/alert_words")).body.alert_words).toEqual([]);
  });

  it("removes words in any case, ignoring unknown ones; register has the list", async () => {
    const q = await ops.register("member", ["alert_words"]);
    const removed = await ops.call("member", "DELETE", "/users/me/alert_words", { alert_words: ["foo", "never-added"] });
    expect(removed.body).toMatchObject({ result: "success", alert_words: ["Natural", "illustrious"] });
    expect(await ops.events("member", q.queue_id as string)).toEqual([{ id: 0, type: "alert_words", alert_words: ["Natural", "illustrious"] }]);
    expect((await ops.register("member", [], ["alert_words"])).alert_words).toEqual(["Natural", "illustrious"]);
  });

  it("refuses a word over 100 characters and a missing or malformed list", async () => {
    expect(await ops.call("member", "POST", "/users/me/alert_words", { alert_words: ["ok", "x".repeat(101)] })).toMatchObject(
      apiError(400, "BAD_REQUEST", "alert_words[1] is too long (limit: 100 characters)"),
    );
    expect(await ops.call("member", "POST", "/users/me/alert_words", {})).toMatchObject(
      apiError(400, "REQUEST_VARIABLE_MISSING", "Missing 'alert_words' argument"),
    );
    expect((await ops.call("member", "DELETE", "/users/me/alert_words", { alert_words: "foo" })).status).toBe(400);
  });
});
