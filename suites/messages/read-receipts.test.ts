import { defineSuite } from "../../src/expect/suite.ts";
import { ReadReceiptsResponse } from "../../src/schemas/read-receipts.ts";
import { setFlag } from "../support/flags.ts";
import { sendToChannel } from "../support/messages.ts";
import { freshChannel, freshPrivateChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

behaviour(
  "fl153.messages.read-receipts",
  "read_receipts lists the users who have read the message, never its sender",
  { id: "fl153.messages.read-receipts#read-receipts-lists-the-users-who-have-read-the-message-never-its-sender", gate: "always" },
  async (t) => {
    const channel = await freshChannel(t);
    const id = await sendToChannel(t, "member", channel, "receipts", "who read this?");
    const reader = t.persona("secondMember").userId;
    const before = await t.api("member").get(`/messages/${id}/read_receipts`);
    const unread = t.expect.schema(ReadReceiptsResponse, t.expect.success(before), before.exchange).user_ids;
    t.expect.ok(!unread.includes(reader), "the recipient not listed before reading", unread, before.exchange);
    await setFlag(t, "secondMember", [id], "add", "read");
    const after = await t.api("member").get(`/messages/${id}/read_receipts`);
    const read = t.expect.schema(ReadReceiptsResponse, t.expect.success(after), after.exchange).user_ids;
    t.expect.ok(read.includes(reader), "the recipient listed after reading", read, after.exchange);
    t.expect.ok(!read.includes(t.persona("member").userId), "the sender never listed", read, after.exchange);
  },
);

behaviour(
  "fl153.messages.read-receipts",
  "an unknown message, or one the user cannot read, gets HTTP 400 BAD_REQUEST",
  { id: "fl153.messages.read-receipts#an-unknown-message-or-one-the-user-cannot-read-gets-http-400-bad-request", gate: "always" },
  async (t) => {
    const secret = await freshPrivateChannel(t, ["member"]);
    const hidden = await sendToChannel(t, "member", secret, "hidden", "not for secondMember");
    const second = t.api("secondMember");
    t.expect.error(await second.get("/messages/2000000000/read_receipts"), 400, "BAD_REQUEST");
    t.expect.error(await second.get(`/messages/${hidden}/read_receipts`), 400, "BAD_REQUEST");
  },
);
