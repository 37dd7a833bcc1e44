import type { TestContext } from "../../src/expect/context.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import type { TestChannel } from "./channels.ts";

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
