import { main } from "./main.ts";

// `chat-conformance list | head` closes the pipe early: that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw e;
  });
}

/** Resolves once what was written to the stream has been handed on, so that exiting loses none of it. */
const drained = (stream: NodeJS.WriteStream) => new Promise<void>((done) => stream.write("", () => done()));

const code = await main(process.argv.slice(2));
process.exitCode = code;
// main returns once its command is done. Whatever is still open then (a server or vitest's workers that an internal
// error cut short) must not keep the process running after its last line, so it exits, with the command's code.
await Promise.all([drained(process.stdout), drained(process.stderr)]);
process.exit(code);
