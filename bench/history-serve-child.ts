/**
 * `serve` as the CLI starts it (`--port 0 --json --heartbeat-seconds 2`), optionally holding a history first:
 * BENCH_HISTORY_MESSAGES messages seeded through the store (bench/seed-history.ts) with about
 * BENCH_HISTORY_UNREAD of them unread for each persona. Prints serve's --json line (a --personas file for
 * `run --target`) with the history's figures beside it, and stops on SIGINT or SIGTERM, as serve does.
 */
import { createReferenceServer } from "../reference-server/server.ts";
import { HistorySeeder } from "./seed-history.ts";

const messages = Number(process.env.BENCH_HISTORY_MESSAGES ?? 0);
const unread = Number(process.env.BENCH_HISTORY_UNREAD ?? 0);

const server = await createReferenceServer({ port: 0, heartbeatMs: 2000 });
const started = performance.now();
let history: { messages: number; unread: Record<string, number>; seconds: number } | undefined;
if (messages > 0) {
  const seeder = new HistorySeeder(server.runtime, { unreadPerUser: unread, total: messages });
  seeder.seedTo(messages);
  history = { messages, unread: seeder.unreadByPersona(), seconds: (performance.now() - started) / 1000 };
}
const stopped = new Promise<void>((resolve) => {
  process.once("SIGINT", resolve);
  process.once("SIGTERM", resolve);
});
console.log(
  JSON.stringify({
    url: server.url,
    featureLevel: server.featureLevel,
    personas: server.personas,
    serverConfig: server.serverConfig,
    ...(history ? { history } : {}),
  }),
);
await stopped;
await server.close();
process.exit(0);
