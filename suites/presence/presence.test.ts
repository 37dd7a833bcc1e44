import { defineSuite } from "../../src/expect/suite.ts";
import { LegacyPresences, SlimPresences } from "../../src/schemas/presence.ts";
import { freshUser, registerUser } from "../support/users.ts";
import { becomeActive, reportPresence } from "./support.ts";
import { deleteQueueLater } from "../support/cleanup.ts";
import { ignoredOf } from "../support/ignored.ts";

/**
 * Presence fetches: the timing constants (FL164), presence_last_update_id and the last_update_id parameter
 * (FL263), history_limit_days and presence_history_limit_days (FL288). Access rules are in access.test.ts.
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator"] });

behaviour(
  "fl164.register.presence-timing-constants",
  "register has the presence ping interval and offline threshold from FL164",
  { id: "fl164.register.presence-timing-constants#register-has-the-presence-ping-interval-and-offline-threshold-from-fl164", gate: "always", mutates: false },
  async (t) => {
    const { body } = await t.register("administrator", { fetch_event_types: ["realm"], event_types: ["heartbeat"] });
    for (const name of ["server_presence_ping_interval_seconds", "server_presence_offline_threshold_seconds"]) {
      if (t.fl.atLeast(164)) {
        const v = t.expect.present(body, name);
        t.expect.ok(typeof v === "number" && Number.isInteger(v) && v > 0, `${name} to be a positive whole number of seconds`, v);
      } else t.expect.absent(body, name);
    }
  },
);

behaviour(
  "fl263.presence.last-update-id-field",
  "register and POST /users/me/presence give presence_last_update_id from FL263",
  { id: "fl263.presence.last-update-id-field#register-and-post-users-me-presence-give-presence-last-update-id-from-fl263", gate: "always" },
  async (t) => {
    const [a, b] = [await freshUser(t, "presence-a"), await freshUser(t, "presence-b")];
    const first = await reportPresence(t, a.client, { slim_presence: true });
    await becomeActive(t, b);
    const second = await reportPresence(t, a.client, { slim_presence: true });
    const { body } = await registerUser(t, a, ["heartbeat"], {}, ["presence"]);
    t.expect.present(body, "presences");
    if (!t.fl.atLeast(263)) {
      t.expect.absent(second as Record<string, unknown>, "presence_last_update_id");
      t.expect.absent(body, "presence_last_update_id");
      return;
    }
    const ids = [first.presence_last_update_id, second.presence_last_update_id, body.presence_last_update_id];
    t.expect.ok(
      ids.every((v) => typeof v === "number" && Number.isInteger(v)),
      "presence_last_update_id in both responses and register, integers",
      ids,
    );
    const [one, two, reg] = ids as number[];
    t.expect.ok(two! > one!, "presence_last_update_id to grow after another user's update", ids);
    t.expect.ok(reg! >= two!, "register's presence_last_update_id to be the greatest so far", ids);
  },
);

behaviour(
  "fl263.presence.last-update-id-param",
  "POST /users/me/presence with last_update_id returns only newer presence, in the slim format",
  { id: "fl263.presence.last-update-id-param#post-users-me-presence-with-last-update-id-returns-only-newer-presence-in-the-slim-format" },
  async (t) => {
    const [old, me, later] = [await freshUser(t, "presence-old"), await freshUser(t, "presence-me"), await freshUser(t, "presence-later")];
    await becomeActive(t, old);
    const since = await reportPresence(t, me.client, { slim_presence: true });
    const lastId = t.expect.present(since as Record<string, unknown>, "presence_last_update_id") as number;
    await becomeActive(t, later);
    const res = await reportPresence(t, me.client, { last_update_id: lastId });
    const presences = t.expect.schema(SlimPresences, res.presences, undefined, "presences in the slim format (keyed by user id)");
    t.expect.ok(String(later.id) in presences, `presence of user ${later.id}, updated after last_update_id ${lastId}`, Object.keys(presences));
    t.expect.ok(!(String(old.id) in presences), `no presence of user ${old.id}, last updated before last_update_id ${lastId}`, Object.keys(presences));
  },
);

behaviour(
  "fl263.presence.last-update-id-param",
  "before FL263 POST /users/me/presence ignores last_update_id (legacy format, keyed by email)",
  { id: "fl263.presence.last-update-id-param#before-fl263-post-users-me-presence-ignores-last-update-id-legacy-format-keyed-by-email", gate: "before" },
  async (t) => {
    const u = await freshUser(t, "presence-legacy");
    const res = await reportPresence(t, u.client, { last_update_id: 0 });
    t.expect.schema(LegacyPresences, res.presences, undefined, "presences in the legacy format (keyed by email)");
  },
);

behaviour(
  "fl288.presence.history-limit-days",
  "POST /users/me/presence reads history_limit_days from FL288",
  { id: "fl288.presence.history-limit-days#post-users-me-presence-reads-history-limit-days-from-fl288" },
  async (t) => {
    const u = await freshUser(t, "presence-history");
    const res = await u.client.post("/users/me/presence", { status: "active", slim_presence: true, history_limit_days: 14 });
    const body = t.expect.success(res, "POST /users/me/presence with history_limit_days");
    t.expect.ok(!ignoredOf(body).includes("history_limit_days"), "history_limit_days to be read, not ignored", body, res.exchange);
    t.expect.ok(
      String(u.id) in (t.expect.schema(SlimPresences, body.presences) as Record<string, unknown>),
      "the user's own recent presence within 14 days",
      body.presences,
      res.exchange,
    );
    t.expect.error(await u.client.post("/users/me/presence", { status: "active", history_limit_days: "many" }), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl288.presence.history-limit-days",
  "before FL288 POST /users/me/presence ignores history_limit_days",
  { id: "fl288.presence.history-limit-days#before-fl288-post-users-me-presence-ignores-history-limit-days", gate: "before" },
  async (t) => {
    const u = await freshUser(t, "presence-history");
    t.expect.success(
      await u.client.post("/users/me/presence", { status: "active", history_limit_days: "many" }),
      "POST /users/me/presence with an unread history_limit_days",
    );
  },
);

behaviour(
  "fl288.register.presence-history-limit-days",
  "POST /register reads presence_history_limit_days from FL288",
  { id: "fl288.register.presence-history-limit-days#post-register-reads-presence-history-limit-days-from-fl288", gate: "always" },
  async (t) => {
    const u = await freshUser(t, "register-history");
    const bad = await u.client.post("/register", { fetch_event_types: ["presence"], event_types: ["heartbeat"], presence_history_limit_days: "many" });
    deleteQueueLater(t, u.client, bad.json?.queue_id);
    if (!t.fl.atLeast(288)) {
      t.expect.success(bad, "POST /register with an unread presence_history_limit_days");
      return;
    }
    t.expect.error(bad, 400, "BAD_REQUEST");
    await becomeActive(t, u);
    const { body } = await t.register(u.client, {
      fetch_event_types: ["presence"],
      event_types: ["heartbeat"],
      slim_presence: true,
      presence_history_limit_days: 14,
    });
    t.expect.ok(
      String(u.id) in (t.expect.schema(SlimPresences, body.presences) as Record<string, unknown>),
      "the user's own recent presence within 14 days",
      body.presences,
    );
  },
);
