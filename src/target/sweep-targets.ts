import { startReferenceTarget } from "./reference.ts";
import type { TargetInfo } from "./target.ts";

/**
 * The level sweep's targets, one embedded reference server per level, started in the worker the first time a test
 * there needs it and kept for the worker's other tests. A worker runs its files one at a time, so no test ever
 * shares a server with a test running at the same moment: a suite that changes organization settings needs no
 * server of its own here.
 */
const started = new Map<number, Promise<TargetInfo>>();

export function targetAt(level: number, faults: readonly string[] = []): Promise<TargetInfo> {
  let target = started.get(level);
  if (!target) {
    target = startReferenceTarget({ featureLevel: level, faults }).then((r) => r.target);
    started.set(level, target);
  }
  return target;
}
