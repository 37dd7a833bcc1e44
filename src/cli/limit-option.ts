import { UsageError } from "./usage.ts";

/** A rate written `N/SECONDS` on the command line (200/60, 200/0.3). */
export interface LimitRate {
  count: number;
  seconds: number;
}

const RATE = /^(\d+)\/(\d+(?:\.\d+)?|\.\d+)$/;

/**
 * Reads a `--NAME N/SECONDS|off` option: undefined when absent, null for `off`; COUNT a whole number from 1 to
 * `maxCount`, SECONDS a number above 0 and at most a day. Anything else is a UsageError naming the option.
 */
export function limitOption(name: string, raw: string | undefined, maxCount: number, shape = "N/SECONDS", example = "200/60"): LimitRate | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === "off") return null;
  const m = RATE.exec(raw.trim());
  const count = m ? Number(m[1]) : NaN;
  const seconds = m ? Number(m[2]) : NaN;
  if (!m || !Number.isInteger(count) || count < 1 || count > maxCount || !(seconds > 0) || seconds > 86_400) {
    throw new UsageError(
      `--${name} must be ${shape} (e.g. ${example}; a whole number from 1 to ${maxCount}, then seconds above 0, at most 86400) or off, got '${raw}'`,
    );
  }
  return { count, seconds };
}
