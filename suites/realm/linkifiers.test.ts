import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { RealmLinkifiersEvent } from "../../src/schemas/events/realm-linkifiers.ts";
import { LegacyLinkifier, Linkifier, LinkifiersResponse } from "../../src/schemas/linkifier.ts";
import { eventsThrough, registerWith } from "../support/events.ts";
import { sendDirect } from "../support/messages.ts";

/**
 * Linkifiers (FL176): url_template (RFC 6570) replaces url_format_string in objects and in POST/PATCH
 * /realm/filters; realm_linkifiers data and events only for clients with the linkifier_url_template capability;
 * the deprecated realm_filters is always empty and has no events. Each test adds a linkifier of its own, removed
 * when the test ends.
 */

const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "member"] });

interface TestLinkifier {
  id: number;
  pattern: string;
  url: string;
}

/** The URL parameter at the target's level: url_template from FL176, url_format_string before. */
function urlParam(t: TestContext, id: string): Record<string, string> {
  const base = `https://tracker.example.com/${id.toLowerCase().replace(/[^a-z0-9]/g, "")}`;
  return t.fl.atLeast(176) ? { url_template: `${base}/{id}` } : { url_format_string: `${base}/%(id)s` };
}

/** Removes the linkifier when the test ends (DELETE /realm/filters/{filter_id}). */
function removeLinkifierLater(t: TestContext, id: number): void {
  t.cleanup(`linkifier ${id}`, () => t.api("administrator").delete(`/realm/filters/${id}`));
}

/** Adds a linkifier as the administrator (prerequisite) and runs `fn`; the linkifier is removed when the test ends. */
async function withLinkifier(t: TestContext, fn: (l: TestLinkifier) => Promise<void>): Promise<void> {
  const tag = t.unique("lk").replace(/[^A-Za-z0-9]/g, "");
  const pattern = `#${tag}(?P<id>[0-9]+)`;
  const url = urlParam(t, tag);
  const body = await t.must("add a linkifier with POST /realm/filters", t.api("administrator").post("/realm/filters", { pattern, ...url }));
  removeLinkifierLater(t, body.id as number);
  await fn({ id: body.id as number, pattern, url: Object.values(url)[0]! });
}

async function listed(t: TestContext): Promise<unknown[]> {
  const res = await t.api("member").get("/realm/linkifiers");
  return t.expect.schema(LinkifiersResponse, t.expect.success(res, "GET /realm/linkifiers"), res.exchange, "GET /realm/linkifiers").linkifiers;
}

const byId = (list: unknown[], id: number) => list.find((l) => (l as { id?: number }).id === id) as Record<string, unknown> | undefined;

/** realm_linkifiers and realm_filters of POST /register for the member, with or without the capability. */
async function registered(t: TestContext, capability: boolean): Promise<{ linkifiers: unknown[]; filters: unknown[] }> {
  const { body } = await t.register("member", {
    fetch_event_types: ["realm_linkifiers", "realm_filters"],
    event_types: ["heartbeat"],
    client_capabilities: { notification_settings_null: true, linkifier_url_template: capability },
  });
  const list = z.array(z.unknown());
  return {
    linkifiers: t.expect.schema(list, t.expect.present(body, "realm_linkifiers"), undefined, "realm_linkifiers"),
    filters: t.expect.schema(list, t.expect.present(body, "realm_filters"), undefined, "realm_filters"),
  };
}

// --- POST and PATCH /realm/filters take url_template; objects carry it ---

behaviour(
  ["fl176.realm.linkifier-create-url-template", "fl176.realm.linkifiers-url-template"],
  "POST /realm/filters takes url_template and GET /realm/linkifiers returns it",
  { id: "fl176.realm.linkifier-create-url-template#post-realm-filters-takes-url-template-and-get-realm-linkifiers-returns-it" },
  async (t) => {
    const tag = t.unique("lk").replace(/[^A-Za-z0-9]/g, "");
    const pattern = `#${tag}(?P<id>[0-9]+)`;
    const template = `https://tracker.example.com/${tag.toLowerCase()}/{id}`;
    const res = await t.api("administrator").post("/realm/filters", { pattern, url_template: template });
    const id = t.expect.schema(z.number().int(), t.expect.success(res, "POST /realm/filters").id, res.exchange, "id");
    removeLinkifierLater(t, id);
    const l = t.expect.schema(Linkifier, byId(await listed(t), id), undefined, "the new linkifier in GET /realm/linkifiers");
    t.expect.equal({ pattern: l.pattern, url_template: l.url_template }, { pattern, url_template: template }, "the linkifier");
  },
);

behaviour(
  ["fl176.realm.linkifier-create-url-template", "fl176.realm.linkifiers-url-template"],
  "before FL176 POST /realm/filters takes url_format_string and objects carry it",
  { id: "fl176.realm.linkifier-create-url-template#before-fl176-post-realm-filters-takes-url-format-string-and-objects-carry-it", gate: "before" as const },
  async (t) => {
    await withLinkifier(t, async (l) => {
      const got = t.expect.schema(LegacyLinkifier, byId(await listed(t), l.id), undefined, "the new linkifier in GET /realm/linkifiers");
      t.expect.equal(got.url_format_string, l.url, "url_format_string");
    });
  },
);

behaviour(
  "fl176.realm.linkifier-update-url-template",
  "PATCH /realm/filters/{filter_id} takes url_template",
  { id: "fl176.realm.linkifier-update-url-template#patch-realm-filters-filter-id-takes-url-template" },
  async (t) => {
    await withLinkifier(t, async (l) => {
      const template = l.url.replace("{id}", "issue/{id}");
      t.expect.success(
        await t.api("administrator").patch(`/realm/filters/${l.id}`, { pattern: l.pattern, url_template: template }),
        "PATCH /realm/filters/{filter_id}",
      );
      t.expect.equal(
        t.expect.schema(Linkifier, byId(await listed(t), l.id), undefined, "the linkifier").url_template,
        template,
        "url_template after the update",
      );
    });
  },
);

behaviour(
  "fl176.realm.linkifier-update-url-template",
  "before FL176 PATCH /realm/filters/{filter_id} takes url_format_string",
  { id: "fl176.realm.linkifier-update-url-template#before-fl176-patch-realm-filters-filter-id-takes-url-format-string", gate: "before" as const },
  async (t) => {
    await withLinkifier(t, async (l) => {
      const format = l.url.replace("%(id)s", "issue/%(id)s");
      t.expect.success(
        await t.api("administrator").patch(`/realm/filters/${l.id}`, { pattern: l.pattern, url_format_string: format }),
        "PATCH /realm/filters/{filter_id}",
      );
      t.expect.equal(
        t.expect.schema(LegacyLinkifier, byId(await listed(t), l.id), undefined, "the linkifier").url_format_string,
        format,
        "url_format_string after the update",
      );
    });
  },
);

// --- events: realm_linkifiers only with the capability; no realm_filters ---

const linkifiersWith = (id: number) =>
  eventOf("realm_linkifiers", (e) => (Array.isArray(e.realm_linkifiers) && byId(e.realm_linkifiers, id) ? null : "without the new linkifier"));

behaviour(
  ["fl176.realm.linkifiers-event-capability", "fl176.realm.realm-filters-no-events", "fl176.register.capability-linkifier-url-template"],
  "realm_linkifiers events reach only clients with linkifier_url_template; no realm_filters events",
  { id: "fl176.realm.linkifiers-event-capability#realm-linkifiers-events-reach-only-clients-with-linkifier-url-template-no-realm-filters-events" },
  async (t) => {
    const types = ["realm_linkifiers", "realm_filters", "message"];
    const capable = await registerWith(t, "member", types, { linkifier_url_template: true });
    const plain = await registerWith(t, "member", types);
    await withLinkifier(t, async (l) => {
      const [ev] = await capable.queue.until([linkifiersWith(l.id)]);
      t.expect.schema(RealmLinkifiersEvent, ev, undefined, "the realm_linkifiers event");
      const marker = await sendDirect(t, "administrator", ["member"], `marker ${t.unique("m")}`);
      const markerOf = eventOf("message", (e) => ((e.message as { id?: number }).id === marker ? null : "another message"));
      for (const [name, q] of [
        ["with the capability", capable.queue],
        ["without it", plain.queue],
      ] as const) {
        const seen = await eventsThrough(q, markerOf);
        t.expect.ok(
          !seen.some((e) => e.type === "realm_filters"),
          `no realm_filters event for the client ${name}`,
          seen.map((e) => e.type),
        );
        if (name === "without it")
          t.expect.ok(
            !seen.some((e) => e.type === "realm_linkifiers"),
            "no realm_linkifiers event without linkifier_url_template",
            seen.map((e) => e.type),
          );
      }
    });
  },
);

behaviour(
  ["fl176.realm.linkifiers-event-capability", "fl176.realm.realm-filters-no-events"],
  "before FL176 every client gets realm_linkifiers and realm_filters events",
  { id: "fl176.realm.linkifiers-event-capability#before-fl176-every-client-gets-realm-linkifiers-and-realm-filters-events", gate: "before" as const },
  async (t) => {
    const plain = await registerWith(t, "member", ["realm_linkifiers", "realm_filters"]);
    await withLinkifier(t, async (l) => {
      const filters = eventOf("realm_filters", (e) =>
        Array.isArray(e.realm_filters) && e.realm_filters.some((f) => Array.isArray(f) && f[0] === l.pattern) ? null : "without the new linkifier",
      );
      await plain.queue.until([linkifiersWith(l.id), filters]);
    });
  },
);

// --- register: realm_filters always empty; realm_linkifiers empty without the capability ---

behaviour(
  "fl176.register.realm-filters-empty",
  "POST /register returns realm_filters as an empty array",
  { id: "fl176.register.realm-filters-empty#post-register-returns-realm-filters-as-an-empty-array" },
  async (t) => {
    await withLinkifier(t, async () => {
      t.expect.equal((await registered(t, true)).filters, [], "realm_filters");
    });
  },
);

behaviour(
  "fl176.register.realm-filters-empty",
  "before FL176 realm_filters lists the linkifiers as [pattern, url, id]",
  { id: "fl176.register.realm-filters-empty#before-fl176-realm-filters-lists-the-linkifiers-as-pattern-url-id", gate: "before" as const },
  async (t) => {
    await withLinkifier(t, async (l) => {
      const { filters } = await registered(t, false);
      t.expect.ok(
        filters.some((f) => Array.isArray(f) && f[0] === l.pattern && f[2] === l.id),
        `realm_filters to hold [${l.pattern}, …, ${l.id}]`,
        filters,
      );
    });
  },
);

behaviour(
  "fl176.register.linkifiers-without-capability",
  "without linkifier_url_template realm_linkifiers is empty",
  { id: "fl176.register.linkifiers-without-capability#without-linkifier-url-template-realm-linkifiers-is-empty" },
  async (t) => {
    await withLinkifier(t, async () => {
      t.expect.equal((await registered(t, false)).linkifiers, [], "realm_linkifiers without the capability");
    });
  },
);

behaviour(
  "fl176.register.linkifiers-without-capability",
  "before FL176 every client gets the linkifiers in realm_linkifiers",
  { id: "fl176.register.linkifiers-without-capability#before-fl176-every-client-gets-the-linkifiers-in-realm-linkifiers", gate: "before" as const },
  async (t) => {
    await withLinkifier(t, async (l) => {
      t.expect.ok(
        byId((await registered(t, false)).linkifiers, l.id) !== undefined,
        `realm_linkifiers to hold linkifier ${l.id}`,
        (await registered(t, false)).linkifiers,
      );
    });
  },
);

behaviour(
  ["fl176.register.capability-linkifier-url-template", "fl176.realm.linkifiers-url-template"],
  "with linkifier_url_template realm_linkifiers holds the linkifiers with url_template",
  { id: "fl176.register.capability-linkifier-url-template#with-linkifier-url-template-realm-linkifiers-holds-the-linkifiers-with-url-template" },
  async (t) => {
    await withLinkifier(t, async (l) => {
      const got = t.expect.schema(Linkifier, byId((await registered(t, true)).linkifiers, l.id), undefined, "the linkifier in realm_linkifiers");
      t.expect.equal(got.url_template, l.url, "url_template");
    });
  },
);

behaviour(
  "fl176.register.capability-linkifier-url-template",
  "before FL176 POST /register accepts linkifier_url_template and changes nothing",
  {
    id: "fl176.register.capability-linkifier-url-template#before-fl176-post-register-accepts-linkifier-url-template-and-changes-nothing",
    gate: "before" as const,
  },
  async (t) => {
    await withLinkifier(t, async (l) => {
      const got = t.expect.schema(LegacyLinkifier, byId((await registered(t, true)).linkifiers, l.id), undefined, "the linkifier in realm_linkifiers");
      t.expect.equal(got.url_format_string, l.url, "url_format_string");
    });
  },
);
