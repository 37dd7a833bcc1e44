import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { SavedSnippetEvent, SavedSnippetRemoveEvent } from "../../src/schemas/events/saved-snippets.ts";
import { SavedSnippet } from "../../src/schemas/saved-snippet.ts";
import { registerWith } from "../support/events.ts";
import { needLevelOf, needOffered } from "../support/optional-endpoints.ts";

/**
 * Saved snippets (Zulip's /saved_snippets endpoints, which the spec does not name; Zulip dates them FL297, and
 * editing FL368): the `saved_snippets` events reach only the owner's clients, so the owner is the test's first
 * persona and the state invariant reduces and compares each one. Below those levels there is nothing to observe; a
 * target without the endpoints at them makes the tests unverifiable (suites/support/optional-endpoints.ts).
 */
const CLAUSE = "fl153.events.state-consistency";
const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

/** The member's snippet with this id in GET /saved_snippets, or undefined. */
async function listed(t: TestContext, id: number): Promise<SavedSnippet | undefined> {
  const res = await t.api("member").get("/saved_snippets");
  const list = t.expect.schema(
    z.array(SavedSnippet),
    t.expect.success(res, "GET /saved_snippets").saved_snippets,
    res.exchange,
    "GET /saved_snippets saved_snippets",
  );
  return list.find((s) => s.id === id);
}

/** POST /saved_snippets under test: the new snippet's id, deleted when the test ends; null below Zulip's level for it. */
async function created(t: TestContext, title: string, content: string): Promise<number | null> {
  const member = t.api("member");
  needLevelOf(t, "POST /saved_snippets", "create-saved-snippet");
  const res = await member.post("/saved_snippets", { title, content });
  needOffered(t, res, "POST /saved_snippets", "create-saved-snippet");
  const id = t.expect.schema(
    z.looseObject({ saved_snippet_id: z.number().int() }),
    t.expect.success(res, "POST /saved_snippets"),
    res.exchange,
    "the POST /saved_snippets response",
  ).saved_snippet_id;
  t.cleanup(`saved snippet ${id}`, async () => {
    const gone = await member.delete(`/saved_snippets/${id}`);
    // 404: the test deleted it itself.
    return gone.status === 404 ? undefined : gone;
  });
  return id;
}

const about = (id: number) => (e: Record<string, unknown>) => ((e.saved_snippet as { id?: unknown } | undefined)?.id === id ? null : "another snippet");

behaviour(
  CLAUSE,
  "a saved snippet created and deleted: saved_snippets add and remove events to its owner, GET /saved_snippets following",
  { id: "fl153.events.state-consistency#a-saved-snippet-created-and-deleted-saved-snippets-add-and-remove-events-to-its-owner-get-saved-snippets-following" },
  async (t) => {
    const { queue } = await registerWith(t, "member", ["saved_snippets"]);
    const title = `Snippet ${t.unique("s").slice(-8)}`;
    const content = `saved text ${t.unique("c")}`;
    const id = await created(t, title, content);
    if (id === null) return;
    const [add] = await queue.until([eventOf("saved_snippets", about(id), "add")]);
    const snippet = t.expect.schema(SavedSnippetEvent, add, undefined, "the saved_snippets add event").saved_snippet;
    t.expect.equal([snippet.title, snippet.content], [title, content], "[title, content] in the saved_snippets add event");
    const kept = await listed(t, id);
    t.expect.equal([kept?.title, kept?.content], [title, content], "[title, content] of the snippet in GET /saved_snippets");

    t.expect.success(await t.api("member").delete(`/saved_snippets/${id}`), "DELETE /saved_snippets/{saved_snippet_id}");
    const [remove] = await queue.until([
      eventOf("saved_snippets", (e) => (e.saved_snippet_id === id ? null : `saved_snippet_id ${String(e.saved_snippet_id)}`), "remove"),
    ]);
    t.expect.schema(SavedSnippetRemoveEvent, remove, undefined, "the saved_snippets remove event");
    t.expect.ok((await listed(t, id)) === undefined, `snippet ${id} gone from GET /saved_snippets`, id);
    t.expect.error(await t.api("member").delete(`/saved_snippets/${id}`), 404, "BAD_REQUEST");
  },
);

behaviour(
  CLAUSE,
  "a saved snippet edited: a saved_snippets update event with the whole snippet, GET /saved_snippets following",
  { id: "fl153.events.state-consistency#a-saved-snippet-edited-a-saved-snippets-update-event-with-the-whole-snippet-get-saved-snippets-following" },
  async (t) => {
    const { queue } = await registerWith(t, "member", ["saved_snippets"]);
    const title = `Snippet ${t.unique("s").slice(-8)}`;
    const id = await created(t, title, `first text ${t.unique("c")}`);
    if (id === null) return;
    const content = `edited text ${t.unique("e")}`;
    needLevelOf(t, "PATCH /saved_snippets/{saved_snippet_id}", "edit-saved-snippet");
    const res = await t.api("member").patch(`/saved_snippets/${id}`, { content });
    needOffered(t, res, "PATCH /saved_snippets/{saved_snippet_id}", "edit-saved-snippet");
    t.expect.success(res, "PATCH /saved_snippets/{saved_snippet_id}");
    const [update] = await queue.until([eventOf("saved_snippets", about(id), "update")]);
    const snippet = t.expect.schema(SavedSnippetEvent, update, undefined, "the saved_snippets update event").saved_snippet;
    t.expect.equal([snippet.title, snippet.content], [title, content], "[title, content] in the saved_snippets update event (the title kept)");
    const now = await listed(t, id);
    t.expect.equal([now?.title, now?.content], [title, content], "[title, content] of the edited snippet in GET /saved_snippets");
    t.expect.error(await t.api("member").patch(`/saved_snippets/${id}`, { title: "   " }), 400, "BAD_REQUEST");
  },
);
