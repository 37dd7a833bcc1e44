import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { Draft } from "../../src/schemas/draft.ts";
import { DraftsAddEvent, DraftsRemoveEvent, DraftsUpdateEvent } from "../../src/schemas/events/drafts.ts";
import { registerWith } from "../support/events.ts";
import { needOffered } from "../support/optional-endpoints.ts";
import { freshChannel } from "../support/channels.ts";

/**
 * Drafts kept on the server (Zulip's /drafts endpoints, which the spec does not name): the `drafts` events reach
 * only the owner's clients, so the owner is the test's first persona and the state invariant reduces and compares
 * each one. A target without the endpoints makes the tests unverifiable (suites/support/optional-endpoints.ts).
 */
const CLAUSE = "fl153.events.state-consistency";
const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "administrator"] });

const Created = z.looseObject({ ids: z.array(z.number().int()) });

/** The member's draft with this id in GET /drafts, or undefined. */
async function listed(t: TestContext, id: number): Promise<Draft | undefined> {
  const res = await t.api("member").get("/drafts");
  const drafts = t.expect.schema(z.array(Draft), t.expect.success(res, "GET /drafts").drafts, res.exchange, "GET /drafts drafts");
  return drafts.find((d) => d.id === id);
}

const fields = (d: Draft | undefined) => [d?.type, d?.to, d?.topic, d?.content];

behaviour(
  CLAUSE,
  "a draft created, edited and deleted: drafts add, update and remove events to its owner, GET /drafts following",
  {
    id: "fl153.events.state-consistency#a-draft-created-edited-and-deleted-drafts-add-update-and-remove-events-to-its-owner-get-drafts-following",
  },
  async (t) => {
    const channel = await freshChannel(t, ["member"]);
    const member = t.api("member");
    const { queue } = await registerWith(t, "member", ["drafts"]);
    const draft = { type: "stream", to: [channel.id], topic: "drafting", content: `a draft ${t.unique("d")}` };
    const res = await member.post("/drafts", { drafts: [draft] });
    needOffered(t, res, "POST /drafts", "create-drafts");
    const ids = t.expect.schema(Created, t.expect.success(res, "POST /drafts"), res.exchange, "the POST /drafts response").ids;
    t.expect.equal(ids.length, 1, "ids in the POST /drafts response (one per draft sent)", res.exchange);
    const id = ids[0]!;
    t.cleanup(`draft ${id}`, async () => {
      const gone = await member.delete(`/drafts/${id}`);
      // 404: the test deleted it itself.
      return gone.status === 404 ? undefined : gone;
    });
    const want = ["stream", [channel.id], draft.topic, draft.content];
    const [add] = await queue.until([
      eventOf("drafts", (e) => (Array.isArray(e.drafts) && e.drafts.some((d) => (d as { id?: unknown }).id === id) ? null : "another draft"), "add"),
    ]);
    t.expect.equal(
      fields(t.expect.schema(DraftsAddEvent, add, undefined, "the drafts add event").drafts.find((d) => d.id === id)),
      want,
      "[type, to, topic, content] of the draft in the drafts add event",
    );
    t.expect.equal(fields(await listed(t, id)), want, "[type, to, topic, content] of the draft in GET /drafts");

    const edited = { ...draft, topic: "redrafted", content: `an edited draft ${t.unique("e")}` };
    t.expect.success(await member.patch(`/drafts/${id}`, { draft: edited }), "PATCH /drafts/{draft_id}");
    const [update] = await queue.until([eventOf("drafts", (e) => ((e.draft as { id?: unknown } | undefined)?.id === id ? null : "another draft"), "update")]);
    const wantEdited = ["stream", [channel.id], edited.topic, edited.content];
    t.expect.equal(
      fields(t.expect.schema(DraftsUpdateEvent, update, undefined, "the drafts update event").draft),
      wantEdited,
      "[type, to, topic, content] in the drafts update event",
    );
    t.expect.equal(fields(await listed(t, id)), wantEdited, "[type, to, topic, content] of the edited draft in GET /drafts");

    t.expect.success(await member.delete(`/drafts/${id}`), "DELETE /drafts/{draft_id}");
    const [remove] = await queue.until([eventOf("drafts", (e) => (e.draft_id === id ? null : `draft_id ${String(e.draft_id)}`), "remove")]);
    t.expect.schema(DraftsRemoveEvent, remove, undefined, "the drafts remove event");
    t.expect.ok((await listed(t, id)) === undefined, `draft ${id} gone from GET /drafts`, id);
    t.expect.error(await member.delete(`/drafts/${id}`), 404, "BAD_REQUEST");
  },
);

behaviour(
  CLAUSE,
  "POST /drafts with a blank draft among good ones is refused whole: none of them kept",
  { id: "fl153.events.state-consistency#post-drafts-with-a-blank-draft-among-good-ones-is-refused-whole-none-of-them-kept" },
  async (t) => {
    const channel = await freshChannel(t, ["member"]);
    const member = t.api("member");
    const good = { type: "stream", to: [channel.id], topic: "kept?", content: `a good draft ${t.unique("g")}` };
    const blank = { ...good, content: "   " };
    const res = await member.post("/drafts", { drafts: [good, blank] });
    needOffered(t, res, "POST /drafts", "create-drafts");
    t.expect.error(res, 400, "BAD_REQUEST");
    const drafts = t.expect.schema(
      z.array(Draft),
      (await t.must("list drafts with GET /drafts", member.get("/drafts"))).drafts,
      undefined,
      "GET /drafts drafts",
    );
    t.expect.ok(!drafts.some((d) => d.content === good.content), "the good draft of the refused request not kept", drafts.length);
  },
);
