import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { AlertWordsEvent } from "../../src/schemas/events/alert-words.ts";
import { registerWith } from "../support/events.ts";
import { needOffered } from "../support/optional-endpoints.ts";

/**
 * Alert words (Zulip's /users/me/alert_words, which the spec does not name): the `alert_words` event reaches only
 * the user's own clients, so that user is the test's first persona and the state invariant reduces and compares it.
 */
const CLAUSE = "fl153.events.state-consistency";
const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

const Words = z.looseObject({ alert_words: z.array(z.string()) });

behaviour(
  CLAUSE,
  "an alert word added and removed: the whole list in each response and alert_words event",
  { id: "fl153.events.state-consistency#an-alert-word-added-and-removed-the-whole-list-in-each-response-and-alert-words-event" },
  async (t) => {
    const member = t.api("member");
    const word = t.unique("alert").toLowerCase();
    const { queue } = await registerWith(t, "member", ["alert_words"]);
    const res = await member.post("/users/me/alert_words", { alert_words: [word] });
    needOffered(t, res, "POST /users/me/alert_words", "add-alert-words");
    t.cleanup(`alert word ${word}`, () => member.delete("/users/me/alert_words", { alert_words: [word] }));
    const added = t.expect.schema(
      Words,
      t.expect.success(res, "POST /users/me/alert_words"),
      res.exchange,
      "the POST /users/me/alert_words response",
    ).alert_words;
    t.expect.ok(added.includes(word), `the list in the response to hold ${word}`, added, res.exchange);
    const [ev] = await queue.until([eventOf("alert_words", (e) => (Array.isArray(e.alert_words) && e.alert_words.includes(word) ? null : "without the word"))]);
    t.expect.equal(
      [...t.expect.schema(AlertWordsEvent, ev, undefined, "the alert_words event").alert_words].sort(),
      [...added].sort(),
      "the alert_words event's list (the response's)",
    );

    const removed = await member.delete("/users/me/alert_words", { alert_words: [word] });
    const left = t.expect.schema(
      Words,
      t.expect.success(removed, "DELETE /users/me/alert_words"),
      removed.exchange,
      "the DELETE /users/me/alert_words response",
    ).alert_words;
    t.expect.ok(!left.includes(word), `the list in the response without ${word}`, left, removed.exchange);
    const [after] = await queue.until([
      eventOf("alert_words", (e) => (Array.isArray(e.alert_words) && !e.alert_words.includes(word) ? null : "still with the word")),
    ]);
    t.expect.equal(
      [...t.expect.schema(AlertWordsEvent, after, undefined, "the alert_words event").alert_words].sort(),
      [...left].sort(),
      "the alert_words event's list after the removal",
    );
    const now = t.expect.schema(
      Words,
      await t.must("read the list with GET /users/me/alert_words", member.get("/users/me/alert_words")),
      undefined,
      "GET /users/me/alert_words",
    ).alert_words;
    t.expect.ok(!now.includes(word), `GET /users/me/alert_words without ${word}`, now);
  },
);
