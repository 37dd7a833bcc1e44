import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Cache folders this process holds (for every vitest run it starts), released when it exits. */
const HELD = new Set<string>();

/** A lock whose holder never wrote its pid is taken over after this long (a process killed between the two steps). */
const UNCLAIMED_MS = 60_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, as another user's process.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the lock folder's holder is gone: its pid names no process, or it never wrote one and the lock is old. */
function abandoned(lock: string): boolean {
  try {
    const pid = Number(readFileSync(join(lock, "pid"), "utf8"));
    if (Number.isInteger(pid) && pid > 0) return !alive(pid);
  } catch {
    // No pid yet: its holder may be writing it now.
  }
  try {
    return Date.now() - statSync(lock).mtimeMs > UNCLAIMED_MS;
  } catch {
    return true;
  }
}

/**
 * Takes `dir`'s lock for this process, or says another live process has it. vitest's file cache of transformed
 * modules is not safe for two processes at once: runs started side by side by one user (a CI matrix, a sweep beside
 * a run) removed each other's temporary files, and suite files failed to load. The process that holds the lock uses
 * the cache; the others run without it.
 */
export function holdCacheLock(dir: string): boolean {
  if (HELD.has(dir)) return true;
  const lock = `${dir}.lock`;
  try {
    mkdirSync(lock, { mode: 0o700 });
  } catch {
    if (!abandoned(lock)) return false;
    rmSync(lock, { recursive: true, force: true });
    try {
      mkdirSync(lock, { mode: 0o700 });
    } catch {
      return false;
    }
  }
  writeFileSync(join(lock, "pid"), String(process.pid));
  HELD.add(dir);
  process.once("exit", () => rmSync(lock, { recursive: true, force: true }));
  return true;
}
