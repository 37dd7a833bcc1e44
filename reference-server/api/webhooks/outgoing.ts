import { randomBytes } from "node:crypto";
import { z } from "zod";
import { badRequest, missingParam } from "../../errors/registry.ts";
import type { RequestContext, Runtime } from "../../runtime.ts";
import type { OutgoingService } from "../../state/outgoing-webhooks.ts";
import type { Message, User } from "../../state/types.ts";
import { serializeMessage } from "../../wire/message.ts";

const OUTGOING_WEBHOOK_BOT = 3;

/** POST /bots with bot_type 3: payload_url (JSON string, required) and interface_type (JSON int, default 1). */
export function readOutgoingService(ctx: RequestContext): OutgoingService {
  const url = ctx.params.optJson("payload_url", z.string());
  if (url === undefined || url === "") throw missingParam("payload_url");
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw badRequest("payload_url is not a URL");
  const interfaceType = ctx.params.optJson("interface_type", z.union([z.literal(1), z.literal(2)])) ?? 1;
  return { payloadUrl: url, interfaceType, token: randomBytes(16).toString("hex") };
}

/** The trigger of a direct message to the bot: direct_message from FL201, private_message before. */
const directTrigger = (rt: Runtime): string => (rt.fl.has("outgoingDirectMessageTrigger") ? "direct_message" : "private_message");

/** The outgoing-webhook bots a new message triggers: those it is sent to directly, and those it mentions. */
function triggered(rt: Runtime, message: Message, receivers: ReadonlyMap<number, ReadonlySet<string>>): Array<{ bot: User; trigger: string }> {
  const out: Array<{ bot: User; trigger: string }> = [];
  for (const [userId, flags] of receivers) {
    const bot = rt.store.users.get(userId);
    if (!bot || bot.id === message.senderId || !bot.isActive || bot.botType !== OUTGOING_WEBHOOK_BOT) continue;
    if (message.type === "private") out.push({ bot, trigger: directTrigger(rt) });
    else if (flags.has("mentioned")) out.push({ bot, trigger: "mention" });
  }
  return out;
}

/**
 * Posts the outgoing-webhook payload (wire §15: bot_email, bot_full_name, data, trigger, token, message) to each
 * triggered bot's payload_url, in the background; the bot's reply is not acted on.
 */
export function deliverOutgoingWebhooks(rt: Runtime, message: Message, receivers: ReadonlyMap<number, ReadonlySet<string>>): void {
  if (rt.store.outgoingWebhooks.size === 0) return;
  for (const { bot, trigger } of triggered(rt, message, receivers)) {
    const service = rt.store.outgoingWebhooks.of(bot.id);
    if (!service) continue;
    const payload = {
      bot_email: bot.email,
      bot_full_name: bot.fullName,
      data: message.content,
      trigger,
      token: service.token,
      message: {
        ...serializeMessage(rt, message, { applyMarkdown: false, clientGravatar: false, allowEmptyTopic: true }),
        rendered_content: message.renderedContent,
      },
    };
    void fetch(service.payloadUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(10_000),
    })
      .then((res) => res.body?.cancel())
      .catch(() => undefined);
  }
}
