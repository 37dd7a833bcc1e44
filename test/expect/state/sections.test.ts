import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../../reference-server/server.ts";
import { REDUCERS, sectionsOf } from "../../../src/expect/state/reducers.ts";

/**
 * The invariant refetches the register sections a reducer names and compares what comes back: a name no register
 * knows would compare nothing, and the event would pass unchecked. Every section the model names returns state,
 * alone or (unread_msgs needs both, as in Zulip) with `message`.
 */
const ENVELOPE = new Set(["result", "msg", "queue_id", "last_event_id", "chat_feature_level", "chat_version", "chat_merge_base"]);

describe("the model's register sections", () => {
  let server: ReferenceServer;
  beforeAll(async () => void (server = await createReferenceServer({})));
  afterAll(() => server.close());

  it.each(sectionsOf(Object.keys(REDUCERS)))("%s is a section a register returns state for", async (section) => {
    const p = server.personas.member!;
    const state = async (sections: string[]) => {
      const res = await fetch(`${server.url}/api/v1/register`, {
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ fetch_event_types: JSON.stringify(sections), event_types: JSON.stringify(["heartbeat"]) }),
      });
      return Object.keys((await res.json()) as object).filter((k) => !ENVELOPE.has(k));
    };
    const alone = await state([section]);
    const withMessage = await state([section, "message"]);
    const messageAlone = await state(["message"]);
    expect(alone.length > 0 || withMessage.some((k) => !messageAlone.includes(k)), `register fetch_event_types ${section}`).toBe(true);
  });
});
