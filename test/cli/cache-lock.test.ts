import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { holdCacheLock } from "../../src/run/cache-lock.ts";

/**
 * vitest's module cache is used by one process at a time: runs a user starts side by side (a CI matrix, a sweep
 * beside a run) must not share it, or they remove each other's temporary files and suite files fail to load.
 */
describe("the module cache's lock", () => {
  const dir = mkdtempSync(join(tmpdir(), "cc-lock-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is held by the first process, refused to another live one, and released when the holder exits", async () => {
    const cache = join(dir, "cache");
    const holder = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `import("${new URL("../../src/run/cache-lock.ts", import.meta.url).pathname}").then((m) => { console.log(m.holdCacheLock(${JSON.stringify(cache)})); setTimeout(() => {}, 1500); })`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const first = await new Promise<string>((resolve) => holder.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())));
    expect(first).toBe("true");
    expect(readFileSync(join(`${cache}.lock`, "pid"), "utf8")).toBe(String(holder.pid));
    expect(holdCacheLock(cache)).toBe(false);
    await new Promise((resolve) => holder.on("exit", resolve));
    expect(existsSync(`${cache}.lock`)).toBe(false);
    expect(holdCacheLock(cache)).toBe(true);
    // Held already by this process: every vitest run it starts uses the cache.
    expect(holdCacheLock(cache)).toBe(true);
  });

  it("takes over a lock whose holder is gone", () => {
    const cache = join(dir, "stale");
    mkdirSync(`${cache}.lock`);
    // A pid no process has (pids stay far below this).
    writeFileSync(join(`${cache}.lock`, "pid"), "99999999");
    expect(holdCacheLock(cache)).toBe(true);
    expect(readFileSync(join(`${cache}.lock`, "pid"), "utf8")).toBe(String(process.pid));
  });
});
