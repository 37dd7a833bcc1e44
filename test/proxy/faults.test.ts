import { describe, expect, it } from "vitest";
import { createReferenceServer } from "../../reference-server/server.ts";
import { startProxy } from "../../src/proxy/proxy.ts";
import { session } from "./drive.ts";

/**
 * Level-aware checking (issue #15, point 2): the same scripted session through the proxy finds nothing on a clean
 * reference server at levels on both sides of the boundaries its checks depend on, and names the broken clause
 * on a server with a fault (a sample of the response and event faults of reference-server/faults/).
 */
async function findingsOf(featureLevel: number, faults: string[], capabilities: Record<string, boolean> = {}) {
  const server = await createReferenceServer({ featureLevel, port: 0, heartbeatMs: 300, faults });
  const proxy = await startProxy({ target: server.url });
  try {
    expect(proxy.level.featureLevel).toBe(featureLevel);
    await session(proxy.url, server.personas.member!, server.personas.secondMember!, featureLevel, capabilities);
    await proxy.settled();
    return proxy.findings;
  } finally {
    await proxy.close();
    await server.close();
  }
}

const show = (fs: Awaited<ReturnType<typeof findingsOf>>) =>
  fs.map((f) => `${f.severity} [${f.clause}] ${f.request} at ${f.at ?? "-"}: want ${f.want}; got ${f.got}`);

describe("a clean reference server: no finding", () => {
  it.each([372, 339, 334, 333, 328, 272, 257, 211, 167, 153])("FL%i, a client without capabilities", async (fl) => {
    expect(show(await findingsOf(fl, []))).toEqual([]);
  });
  it("FL372, a client with empty_topic_name and bulk_message_deletion", async () => {
    expect(show(await findingsOf(372, [], { empty_topic_name: true, bulk_message_deletion: true }))).toEqual([]);
  });
});

describe("a faulty reference server: the proxy names the broken clause", () => {
  it.each([
    // Answers.
    ["fl153.errors.error-envelope", 372],
    ["fl153.server.json-response", 372],
    ["fl153.server.missing-parameter", 372],
    ["fl167.server.ignored-parameters-unsupported", 372],
    ["fl257.server.realm-uri-alias", 372],
    ["fl257.register.realm-uri-alias", 372],
    ["fl153.versioning.feature-level-consistent", 372],
    ["fl272.uploads.uri-alias", 372],
    ["fl286.uploads.filename", 372],
    ["fl328.messages.reaction-user-dict-removed", 372],
    ["fl334.messages.fetch-allow-empty-topic-name", 372],
    // Events.
    ["fl153.events.envelope", 372],
    ["fl153.events.event-types-filter", 372],
    ["fl153.events.heartbeat", 372],
    ["fl334.messages.event-subject-substitution", 372],
    ["fl339.messages.reaction-event-user-restored", 372],
    ["fl153.messages.delete-event-bulk-capability", 372],
    ["fl334.messages.delete-event-topic-substitution", 372],
    ["fl334.messages.typing-event-topic-substitution", 372],
    ["fl334.messages.flags-event-topic-substitution", 372],
    ["fl334.register.unread-msgs-topic-substitution", 372],
  ])("%s at FL%i", async (fault, fl) => {
    const clauses = (await findingsOf(fl, [fault])).filter((f) => f.severity === "error").map((f) => f.clause);
    expect(clauses).toContain(fault);
  });
});
