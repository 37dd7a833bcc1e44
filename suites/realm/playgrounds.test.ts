import { z } from "zod";
import type { ApiResponse } from "../../src/client/client.ts";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { Playground, RealmPlaygroundsEvent } from "../../src/schemas/events/realm-playgrounds.ts";
import { registerWith } from "../support/events.ts";
import { needOffered, parameterSince } from "../support/optional-endpoints.ts";

/**
 * Code playgrounds (Zulip's /realm/playgrounds, which the spec does not name): every user's clients receive the
 * whole list in a `realm_playgrounds` event, the administrator's (the test's first persona) included, so the state
 * invariant reduces and compares it. Zulip replaced url_prefix with url_template at a level the spec does not
 * name: a server that asks for url_prefix gets it instead.
 */
const CLAUSE = "fl153.events.state-consistency";
const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "member"] });

/** The level at which POST /realm/playgrounds takes url_template instead of url_prefix (Zulip's API description). */
const URL_TEMPLATE_LEVEL = parameterSince("add-code-playground", "url_template") ?? 0;

/** A playground's URL in the level's own parameter: url_template from its level, url_prefix before. */
const urlOf = (t: TestContext, base: string) => (t.target.featureLevel >= URL_TEMPLATE_LEVEL ? { url_template: `${base}{code}` } : { url_prefix: base });

/** POST /realm/playgrounds as the administrator. */
async function addPlayground(t: TestContext, name: string, language: string): Promise<ApiResponse> {
  return t.api("administrator").post("/realm/playgrounds", { name, pygments_language: language, ...urlOf(t, "https://play.example/run?code=") });
}

const listed = (id: number) => (e: Record<string, unknown>) =>
  Array.isArray(e.realm_playgrounds) && e.realm_playgrounds.some((p) => (p as { id?: unknown }).id === id) ? null : "without the playground";

behaviour(
  CLAUSE,
  "a code playground added and removed: realm_playgrounds events with the whole list; a member may not add one (UNAUTHORIZED_PRINCIPAL)",
  {
    id: "fl153.events.state-consistency#a-code-playground-added-and-removed-realm-playgrounds-events-with-the-whole-list-a-member-may-not-add-one-unauthorized-principal",
  },
  async (t) => {
    const name = `Playground ${t.unique("p").slice(-8)}`;
    const language = "Python";
    const { queue } = await registerWith(t, "administrator", ["realm_playgrounds"]);
    const res = await addPlayground(t, name, language);
    needOffered(t, res, "POST /realm/playgrounds", "add-code-playground");
    const id = t.expect.schema(
      z.looseObject({ id: z.number().int() }),
      t.expect.success(res, "POST /realm/playgrounds"),
      res.exchange,
      "the POST /realm/playgrounds response",
    ).id;
    t.cleanup(`playground ${id}`, async () => {
      const gone = await t.api("administrator").delete(`/realm/playgrounds/${id}`);
      // 400 "Invalid playground": the test removed it itself.
      return gone.status === 400 ? undefined : gone;
    });
    const [added] = await queue.until([eventOf("realm_playgrounds", listed(id))]);
    const mine = t.expect.schema(RealmPlaygroundsEvent, added, undefined, "the realm_playgrounds event").realm_playgrounds.find((p) => p.id === id);
    t.expect.equal([mine?.name, mine?.pygments_language], [name, language], "[name, pygments_language] of the playground in the realm_playgrounds event");
    const { body } = await t.register("member", { fetch_event_types: ["realm_playgrounds"], event_types: ["heartbeat"] });
    const seen = t.expect.schema(z.array(Playground), t.expect.present(body, "realm_playgrounds"), undefined, "register realm_playgrounds");
    t.expect.ok(
      seen.some((p) => p.id === id),
      `a member's register realm_playgrounds to list playground ${id}`,
      seen.map((p) => p.id),
    );
    t.expect.error(
      await t.api("member").post("/realm/playgrounds", { name: `${name} 2`, pygments_language: language, ...urlOf(t, "https://play.example/x?c=") }),
      400,
      "UNAUTHORIZED_PRINCIPAL",
    );

    t.expect.success(await t.api("administrator").delete(`/realm/playgrounds/${id}`), "DELETE /realm/playgrounds/{playground_id}");
    const [removed] = await queue.until([eventOf("realm_playgrounds", (e) => (listed(id)(e) === null ? "still with the playground" : null))]);
    t.expect.schema(RealmPlaygroundsEvent, removed, undefined, "the realm_playgrounds event after the removal");
    t.expect.error(await t.api("administrator").delete(`/realm/playgrounds/${id}`), 400, "BAD_REQUEST");
  },
);
