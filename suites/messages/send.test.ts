import { defineSuite } from "../../src/expect/suite.ts";
import { MessagesPage } from "../../src/schemas/message.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

/** Reads one message back by id, as the persona sees it. */
async function fetchOne(t: TestContext, role: "member" | "secondMember", id: number) {
  const res = await t.api(role).get("/messages", { anchor: id, num_before: 0, num_after: 0, narrow: [{ operator: "id", operand: id }] });
  const page = t.expect.schema(MessagesPage, t.expect.success(res), res.exchange);
  t.expect.equal(page.messages.length, 1, `messages fetched for id ${id}`, res.exchange);
  return page.messages[0]!;
}

behaviour(
  "fl153.messages.send-channel-message",
  "a channel message can be addressed by channel id, by name and by a JSON list of one",
  {
    id: "fl153.messages.send-channel-message#a-channel-message-can-be-addressed-by-channel-id-by-name-and-by-a-json-list-of-one",
    alsoNeeds: ["secondMember", "administrator"],
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t);
    for (const to of [channel.id, channel.name, JSON.stringify([channel.name])]) {
      const res = await t.api("member").post("/messages", { type: "stream", to, topic: "addressing", content: `to ${to}` });
      const id = t.expect.success(res).id;
      t.expect.ok(typeof id === "number", "an integer message id", id, res.exchange);
      const m = await fetchOne(t, "secondMember", id as number);
      t.expect.equal(m.stream_id, channel.id, "stream_id");
      t.expect.equal(m.subject, "addressing", "subject");
      t.expect.equal(m.type, "stream", "type");
    }
  },
);

behaviour(
  "fl153.messages.send-channel-message",
  "an unknown channel gets 400 STREAM_DOES_NOT_EXIST",
  { id: "fl153.messages.send-channel-message#an-unknown-channel-gets-400-stream-does-not-exist", gate: "always", mutates: false },
  async (t) => {
    const res = await t.api("member").post("/messages", { type: "stream", to: t.unique("no-such-channel"), topic: "x", content: "x" });
    t.expect.error(res, 400, "STREAM_DOES_NOT_EXIST");
  },
);

behaviour(
  "fl153.messages.send-direct-message",
  "direct message recipients may be user ids, emails, or comma-separated emails",
  {
    id: "fl153.messages.send-direct-message#direct-message-recipients-may-be-user-ids-emails-or-comma-separated-emails",
    alsoNeeds: ["secondMember"],
    gate: "always",
  },
  async (t) => {
    const other = t.persona("secondMember");
    for (const to of [JSON.stringify([other.userId]), JSON.stringify([other.email]), other.email]) {
      const res = await t.api("member").post("/messages", { type: "private", to, content: `dm to ${to}` });
      const m = await fetchOne(t, "secondMember", t.expect.success(res).id as number);
      t.expect.equal(m.type, "private", "type");
      const ids = (m.display_recipient as Array<{ id: number }>).map((r) => r.id).sort((a, b) => a - b);
      t.expect.equal(
        ids,
        [t.persona("member").userId, other.userId].sort((a, b) => a - b),
        "display_recipient ids",
      );
    }
  },
);

behaviour(
  "fl153.messages.send-direct-message",
  "an unknown recipient gets 400 BAD_REQUEST",
  { id: "fl153.messages.send-direct-message#an-unknown-recipient-gets-400-bad-request", gate: "always", mutates: false },
  async (t) => {
    t.expect.error(await t.api("member").post("/messages", { type: "private", to: [987654321], content: "x" }), 400, "BAD_REQUEST");
  },
);

behaviour(
  ["fl153.messages.subject-alias", "fl153.server.confusing-parameters"],
  "the legacy subject parameter names the topic; topic and subject together are confusing",
  {
    id: "fl153.messages.subject-alias#the-legacy-subject-parameter-names-the-topic-topic-and-subject-together-are-confusing",
    alsoNeeds: ["secondMember", "administrator"],
    gate: "always",
  },
  async (t) => {
    const channel = await freshChannel(t);
    const res = await t.api("member").post("/messages", { type: "stream", to: channel.id, subject: "legacy subject", content: "x" });
    t.expect.equal((await fetchOne(t, "member", t.expect.success(res).id as number)).subject, "legacy subject", "subject");
    const both = await t.api("member").post("/messages", { type: "stream", to: channel.id, topic: "a", subject: "b", content: "x" });
    t.expect.error(both, 400, "REQUEST_CONFUSING_VAR");
  },
);

behaviour(
  "fl174.messages.direct-type",
  "type=direct sends a direct message",
  { id: "fl174.messages.direct-type#type-direct-sends-a-direct-message", alsoNeeds: ["secondMember"] },
  async (t) => {
    const res = await t.api("member").post("/messages", { type: "direct", to: [t.persona("secondMember").userId], content: "direct type" });
    t.expect.equal((await fetchOne(t, "secondMember", t.expect.success(res).id as number)).type, "private", "type of the stored message");
  },
);

behaviour(
  "fl174.messages.direct-type",
  "before FL174 type=direct is rejected",
  { id: "fl174.messages.direct-type#before-fl174-type-direct-is-rejected", alsoNeeds: ["secondMember"], gate: "before" },
  async (t) => {
    t.expect.error(await t.api("member").post("/messages", { type: "direct", to: [t.persona("secondMember").userId], content: "x" }), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl174.messages.private-type-alias",
  "type=private still sends a direct message",
  { id: "fl174.messages.private-type-alias#type-private-still-sends-a-direct-message", alsoNeeds: ["secondMember"], gate: "always" },
  async (t) => {
    const res = await t.api("member").post("/messages", { type: "private", to: [t.persona("secondMember").userId], content: "private type" });
    t.expect.equal((await fetchOne(t, "secondMember", t.expect.success(res).id as number)).type, "private", "type");
  },
);

behaviour(
  "fl166.messages.realm-str-ignored",
  "realm_str naming another organization is ignored",
  { id: "fl166.messages.realm-str-ignored#realm-str-naming-another-organization-is-ignored" },
  async (t) => {
    const res = await t
      .api("member")
      .post("/messages", { type: "private", to: [t.persona("member").userId], content: "x", realm_str: "some-other-organization" });
    t.expect.success(res);
  },
);

behaviour(
  "fl153.messages.realm-str-mismatch-rejected",
  "before FL166 realm_str naming another organization is an authorization error",
  { id: "fl153.messages.realm-str-mismatch-rejected#before-fl166-realm-str-naming-another-organization-is-an-authorization-error" },
  async (t) => {
    const res = await t
      .api("member")
      .post("/messages", { type: "private", to: [t.persona("member").userId], content: "x", realm_str: "some-other-organization" });
    t.expect.ok(
      res.status >= 400 && res.status < 500 && res.json?.result === "error",
      "an error response (HTTP 4xx)",
      `HTTP ${res.status} ${res.text}`,
      res.exchange,
    );
  },
);
