/**
 * The reference server under load, in its own process (one of the machine's cores), driven over IPC by the bench:
 * `seed` grows its history through the store, `info` says what to request, `memory` reads its resident size after a
 * full collection, `polls` counts the long-polls waiting in it. CPU profiles: BENCH_PROFILE=dir (bench/load.ts).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createReferenceServer } from "../reference-server/server.ts";
import { HistorySeeder } from "./seed-history.ts";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

export type ChildRequest =
  | { id: number; cmd: "seed"; total: number }
  | { id: number; cmd: "info" }
  | { id: number; cmd: "memory" }
  | { id: number; cmd: "polls" }
  | { id: number; cmd: "close" };

const server = await createReferenceServer({ heartbeatMs: 60_000, queueTimeoutSeconds: 3600 });
const seeder = new HistorySeeder(server.runtime);
const basic = (u: { email: string; apiKey: string }) => `Basic ${Buffer.from(`${u.email}:${u.apiKey}`).toString("base64")}`;

function memory() {
  gc();
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external + m.arrayBuffers };
}

process.on("message", (msg: ChildRequest) => {
  const reply = (body: unknown) => process.send!({ id: msg.id, body });
  if (msg.cmd === "seed") {
    const started = performance.now();
    seeder.seedTo(msg.total);
    reply({ seconds: (performance.now() - started) / 1000, messages: server.runtime.store.messages.size, ...memory() });
  } else if (msg.cmd === "info") {
    const users = seeder.users.map((u) => ({ id: u.id, auth: basic(u) }));
    reply({
      url: server.url,
      member: { id: seeder.member.id, auth: basic(seeder.member) },
      secondMember: { id: seeder.secondMember.id, auth: basic(seeder.secondMember) },
      users,
      channels: seeder.channels.map((c) => ({ id: c.id, name: c.name })),
      topics: seeder.topics,
    });
  } else if (msg.cmd === "memory") {
    reply(memory());
  } else if (msg.cmd === "polls") {
    reply(server.runtime.queues.pollsWaiting());
  } else {
    void server.close().then(() => {
      reply({});
      process.exit(0);
    });
  }
});
process.send!({ id: 0, body: "ready" });
