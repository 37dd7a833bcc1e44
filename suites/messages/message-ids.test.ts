import { defineSuite } from "../../src/expect/suite.ts";
import { Message } from "../../src/schemas/message.ts";
import { z } from "zod";
import { sendToChannel } from "../support/messages.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

behaviour(
  "fl300.messages.message-ids",
  "GET /messages with message_ids returns exactly those messages, in id order",
  { id: "fl300.messages.message-ids#get-messages-with-message-ids-returns-exactly-those-messages-in-id-order" },
  async (t) => {
    const channel = await freshChannel(t);
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push(await sendToChannel(t, "member", channel, "by id", `message ${n}`));
    const res = await t.api("secondMember").get("/messages", { message_ids: [ids[2]!, ids[0]!] });
    const body = t.expect.success(res);
    const messages = t.expect.schema(z.array(Message), body.messages, res.exchange, "messages");
    t.expect.equal(
      messages.map((m) => m.id),
      [ids[0], ids[2]],
      "the ids returned",
      res.exchange,
    );
    const mixed = await t.api("secondMember").get("/messages", { message_ids: [ids[0]!], anchor: "newest", num_before: 1, num_after: 0 });
    t.expect.error(mixed, 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl300.messages.message-ids",
  "before FL300 message_ids is not a way to fetch: an anchor and counts are still required",
  {
    id: "fl300.messages.message-ids#before-fl300-message-ids-is-not-a-way-to-fetch-an-anchor-and-counts-are-still-required",
    gate: "before",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "by id", "message");
    const res = await t.api("secondMember").get("/messages", { message_ids: [id] });
    t.expect.error(res, 400, ["REQUEST_VARIABLE_MISSING", "BAD_REQUEST"]);
  },
);
