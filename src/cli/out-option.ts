import { mkdtempSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { UsageError } from "./usage.ts";

/**
 * An --out folder, checked before any work starts: a run of minutes that cannot write its reports at the end has
 * wasted them, and the error it met there (ENOTDIR, EACCES) read as the tool's own. Each problem is one UsageError
 * (exit 2) naming the option and the path. Nothing is created: the folder is made when the reports are written.
 *
 * It must be a folder or not exist yet; a missing one needs its nearest existing parent to be a folder the process
 * can write in; each of `files` already there must be a file, and each of `dirs` a folder (an earlier run's reports
 * are there to be replaced, so a folder that holds them is the usual case). Writability is tried (a temporary
 * folder made and removed) rather than read from the mode bits, which say nothing for root or a read-only mount.
 */
export function checkOutDir(option: string, raw: string, files: readonly string[] = [], dirs: readonly string[] = []): string {
  const dir = resolve(raw);
  const kind = kindOf(dir);
  if (kind === "file") throw new UsageError(`${option} ${raw}: is a file; give a folder (it is created if missing)`);
  if (kind === "dir") {
    for (const f of files) if (kindOf(join(dir, f)) === "dir") throw new UsageError(`${option} ${raw}: ${f} there is a folder, where the report file goes`);
    for (const d of dirs) if (kindOf(join(dir, d)) === "file") throw new UsageError(`${option} ${raw}: ${d} there is a file, where the report folder goes`);
    tryWrite(option, raw, dir, "cannot write in it");
    return dir;
  }
  let parent = dirname(dir);
  while (kindOf(parent) === "missing" && dirname(parent) !== parent) parent = dirname(parent);
  if (kindOf(parent) === "file") throw new UsageError(`${option} ${raw}: ${parent} is a file, so no folder can be made under it`);
  tryWrite(option, raw, parent, `cannot create it: ${parent} is not writable`);
  return dir;
}

/**
 * An --out file (a document written whole, such as a personas file), checked the same way: not a folder, and its
 * folder (or the nearest existing parent) writable. An existing file is overwritten, as its option promises.
 */
export function checkOutFile(option: string, raw: string): string {
  const file = resolve(raw);
  if (kindOf(file) === "dir") throw new UsageError(`${option} ${raw}: is a folder; give a file name`);
  let parent = dirname(file);
  while (kindOf(parent) === "missing" && dirname(parent) !== parent) parent = dirname(parent);
  if (kindOf(parent) === "file") throw new UsageError(`${option} ${raw}: ${parent} is a file, so it cannot hold one`);
  tryWrite(option, raw, parent, `cannot write there: ${parent} is not writable`);
  return file;
}

function kindOf(path: string): "file" | "dir" | "missing" {
  try {
    return statSync(path).isDirectory() ? "dir" : "file";
  } catch (e) {
    // A path under a file (ENOTDIR) cannot exist either; what stands in its way is found walking up.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return "missing";
    throw new UsageError(`${path}: cannot look at it (${code ?? (e as Error).message})`);
  }
}

function tryWrite(option: string, raw: string, dir: string, what: string): void {
  let probe: string;
  try {
    probe = mkdtempSync(join(dir, ".chat-conformance-"));
  } catch (e) {
    throw new UsageError(`${option} ${raw}: ${what} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  rmSync(probe, { recursive: true, force: true });
}
