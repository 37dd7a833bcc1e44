import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";

/**
 * The client's own pacing under a window policy (rate-limit.ts): slots of a sliding window, kept in this process
 * or in a file every worker of the run shares, so that N requests in any window of seconds is the run's count.
 */

/**
 * One slot of a sliding window of `n` per `windowMs` in `sent` (send times, oldest first): 0 when taken (now is
 * recorded), else how long until the oldest of the last `n` leaves the window.
 */
export function takeSlot(sent: number[], n: number, windowMs: number, now = Date.now()): number {
  while (sent.length > 0 && now - sent[0]! >= windowMs) sent.shift();
  if (sent.length < n) {
    sent.push(now);
    return 0;
  }
  return sent[sent.length - n]! + windowMs - now;
}

/** A lock left by a process that died holding it is broken after this long (holding it takes microseconds). */
const STALE_LOCK_MS = 2_000;

/**
 * takeSlot over a file that every worker of the run shares, one per persona, under a lock file made with O_EXCL:
 * the window is the run's, not each worker's. Synchronous, since holding the lock across an await would let other
 * requests of this process queue behind it.
 */
export function takeSharedSlot(dir: string, persona: string, n: number, windowMs: number): number {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, createHash("sha256").update(persona).digest("hex").slice(0, 24));
  const lock = `${file}.lock`;
  for (let spins = 0; ; spins++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { force: true });
      } catch {
        // Gone meanwhile: the next spin takes it.
      }
      // Another worker holds it for a few microseconds: spin (Atomics.wait sleeps this thread without a timer).
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, spins < 10 ? 0 : 1);
    }
  }
  try {
    let sent: number[] = [];
    try {
      sent = readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number);
    } catch {
      // No file yet: nothing sent.
    }
    const wait = takeSlot(sent, n, windowMs);
    if (wait <= 0) writeFileSync(file, sent.join("\n"));
    return wait;
  } finally {
    rmSync(lock, { force: true });
  }
}
