import { isReferenceServer } from "../../src/target/target.ts";
import { z } from "zod";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { IncomingWebhookBot } from "../../src/schemas/incoming-webhook-bot.ts";
import { OutgoingWebhookPayload } from "../../src/schemas/outgoing-webhook.ts";
import { startWebhookListener } from "../support/webhook-listener.ts";
import { deactivateBotLater } from "../support/cleanup.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

/** register realm_incoming_webhook_bots as the member: the integrations offered (at least one). */
async function incomingBots(t: TestContext): Promise<Array<z.infer<typeof IncomingWebhookBot>>> {
  const { body } = await t.register("member", { fetch_event_types: ["realm_incoming_webhook_bots"], event_types: ["heartbeat"] });
  const bots = t.expect.schema(z.array(IncomingWebhookBot), body.realm_incoming_webhook_bots, undefined, "realm_incoming_webhook_bots");
  t.expect.ok(bots.length > 0, "at least one integration in realm_incoming_webhook_bots", bots.length);
  return bots;
}

behaviour(
  "fl207.webhooks.incoming-bot-fields",
  "realm_incoming_webhook_bots entries carry display_name and all_event_types from FL207",
  { id: "fl207.webhooks.incoming-bot-fields#realm-incoming-webhook-bots-entries-carry-display-name-and-all-event-types-from-fl207", gate: "always" as const },
  async (t) => {
    for (const bot of await incomingBots(t)) {
      if (t.fl.atLeast(207)) {
        t.expect.ok(typeof bot.display_name === "string", `display_name of ${bot.name}`, bot.display_name);
        t.expect.ok(bot.all_event_types !== undefined, `all_event_types of ${bot.name} (a list or null)`, bot.all_event_types);
      } else {
        t.expect.absent(bot, "display_name");
        t.expect.absent(bot, "all_event_types");
      }
    }
  },
);

behaviour(
  "fl318.webhooks.incoming-bot-config-options",
  "realm_incoming_webhook_bots entries carry config_options from FL318",
  { id: "fl318.webhooks.incoming-bot-config-options#realm-incoming-webhook-bots-entries-carry-config-options-from-fl318", gate: "always" as const },
  async (t) => {
    for (const bot of await incomingBots(t)) {
      if (t.fl.atLeast(318)) t.expect.ok(Array.isArray(bot.config_options), `config_options of ${bot.name}`, bot.config_options);
      else t.expect.absent(bot, "config_options");
    }
  },
);

behaviour(
  "fl201.webhooks.outgoing-trigger-direct-message",
  "a direct message to an outgoing-webhook bot reaches its URL with trigger direct_message (private_message before FL201)",
  {
    id: "fl201.webhooks.outgoing-trigger-direct-message#a-direct-message-to-an-outgoing-webhook-bot-reaches-its-url-with-trigger-direct-message-private-message-before-fl201",
    gate: "always" as const,
  },
  async (t) => {
    const listener = await startWebhookListener(t);
    try {
      const created = await t.must(
        "create an outgoing-webhook bot with POST /bots",
        t.api("member").post("/bots", {
          full_name: `Hook ${t.unique("h").slice(-6)}`,
          short_name: t.unique("hook").toLowerCase(),
          bot_type: 3,
          payload_url: JSON.stringify(listener.url),
          interface_type: 1,
        }),
      );
      deactivateBotLater(t, created.user_id as number, "member");
      const content = `ping ${t.unique("dm")}`;
      await t.must("send the bot a direct message", t.api("member").post("/messages", { type: "private", to: [created.user_id as number], content }));
      const raw = await listener.next(isReferenceServer(t.target) ? 4_000 : 10_000);
      t.expect.ok(raw !== null, "the server to post the outgoing-webhook payload to the bot's URL", raw);
      const payload = t.expect.schema(OutgoingWebhookPayload, raw, undefined, "outgoing-webhook payload");
      t.expect.equal(payload.data, content, "data");
      t.expect.equal(payload.trigger, t.fl.atLeast(201) ? "direct_message" : "private_message", "trigger");
    } finally {
      await listener.close();
    }
  },
);
