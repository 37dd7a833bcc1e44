import type { TestContext } from "../../src/expect/context.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import { archiveChannelLater } from "./cleanup.ts";

export interface TestChannel {
  name: string;
  id: number;
}

/**
 * A fresh public channel under the run prefix, with the given personas subscribed (the first one creates it),
 * archived when the test ends. A prerequisite: if the target refuses, the test is blocked, not failed.
 */
export async function freshChannel(t: TestContext, roles: PersonaRole[] = ["member", "secondMember"]): Promise<TestChannel> {
  const name = t.unique("channel");
  const creator = t.api(roles[0]!);
  await t.must(
    "create a channel with POST /users/me/subscriptions",
    creator.post("/users/me/subscriptions", { subscriptions: [{ name }], principals: roles.map((r) => t.persona(r).userId) }),
  );
  const body = await t.must("look up the channel id with GET /get_stream_id", creator.get("/get_stream_id", { stream: name }));
  const channel = { name, id: body.stream_id as number };
  archiveChannelLater(t, channel, roles[0]!);
  return channel;
}

/** Sends a channel message as a prerequisite and returns its id. */
export async function sendToChannel(t: TestContext, role: PersonaRole, channel: TestChannel, topic: string, content: string): Promise<number> {
  const body = await t.must("send a channel message", t.api(role).post("/messages", { type: "stream", to: channel.id, topic, content }));
  return body.id as number;
}

/** Sends a direct message (type `private`, valid at every level) as a prerequisite and returns its id. */
export async function sendDirect(t: TestContext, role: PersonaRole, to: PersonaRole[], content: string): Promise<number> {
  const ids = to.map((r) => t.persona(r).userId);
  const body = await t.must("send a direct message", t.api(role).post("/messages", { type: "private", to: ids, content }));
  return body.id as number;
}
