#!/usr/bin/env node
// The CLI is TypeScript run through tsx's loader, so a clone works right after `npm ci` with no build step.
import { register } from "tsx/esm/api";

register();
// `chat-conformance list | head` closes the pipe early: that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw e;
  });
}
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
