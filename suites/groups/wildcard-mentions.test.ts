import { defineSuite } from "../../src/expect/suite.ts";
import { largeTopic } from "../support/groups.ts";

/**
 * Wildcard mentions in large channels and topics (FL229): a member outside the mention permission (default:
 * administrators, by can_mention_many_users_group from FL352 and wildcard_mention_policy before) is refused in a
 * channel of more than 15 subscribers and in a topic of more than 15 participants, with the FL229 codes (BAD_REQUEST
 * before). Small channels stay open to everyone.
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator", "member"] });

behaviour(
  ["fl229.messages.stream-wildcard-mention-not-allowed", "fl229.messages.topic-wildcard-mention-not-allowed"],
  "wildcard mentions by a member in a large channel and topic are refused, with the FL229 codes",
  {
    id: "fl229.messages.stream-wildcard-mention-not-allowed#wildcard-mentions-by-a-member-in-a-large-channel-and-topic-are-refused-with-the-fl229-codes",
    gate: "always",
  },
  async (t) => {
    const { channel, topic } = await largeTopic(t);
    const send = (who: "administrator" | "member", content: string, to = topic) =>
      t.api(who).post("/messages", { type: "stream", to: channel, topic: to, content });
    const coded = (code: string) => (t.fl.atLeast(229) ? code : "BAD_REQUEST");
    t.expect.error(await send("member", "Hello @**all**", t.unique("quiet topic")), 400, coded("STREAM_WILDCARD_MENTION_NOT_ALLOWED"));
    t.expect.error(await send("member", "Hello @**topic**"), 400, coded("TOPIC_WILDCARD_MENTION_NOT_ALLOWED"));
    const own = await t.must("send a plain message", send("member", "no mention yet"));
    t.expect.error(
      await t.api("member").patch(`/messages/${String(own.id)}`, { content: "now @**everyone**" }),
      400,
      coded("STREAM_WILDCARD_MENTION_NOT_ALLOWED"),
    );
    t.expect.success(await send("administrator", "Hello @**all** and @**topic**"), "an administrator's wildcard mentions");
    t.expect.success(await send("member", "silent @_**all** and @_**topic**"), "silent wildcard mentions by the member");
  },
);
