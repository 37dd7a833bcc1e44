import { DATA_QUIRKS, QUIRKS, WIRE_QUIRKS, type QuirkName } from "../../facts/quirks.ts";
import { UsageError } from "./usage.ts";

const ALL_NAMES = new Set<string>(QUIRKS.map((q) => q.name));

/**
 * The quirks an option names: NAME,… (repeatable; commas and repeats combine) or `all`. `wire` (proxy --inject)
 * takes only the wire quirks, and names the command that makes a data quirk; `any` (serve --quirks) takes both.
 */
export function quirksOption(flag: string, raw: readonly string[] | undefined, accept: "wire" | "any"): QuirkName[] | undefined {
  if (raw === undefined || raw.length === 0) return undefined;
  const words = raw.flatMap((r) => r.split(",")).map((w) => w.trim());
  if (words.some((w) => w === "")) throw new UsageError(`--${flag} takes quirk names separated by commas, got '${raw.join(",")}'`);
  const names = new Set<QuirkName>();
  for (const w of words) {
    if (w === "all") {
      for (const q of accept === "wire" ? WIRE_QUIRKS : QUIRKS.map((x) => x.name)) names.add(q);
      continue;
    }
    if (!ALL_NAMES.has(w))
      throw new UsageError(
        `--${flag}: unknown quirk '${w}'; the wire quirks are ${WIRE_QUIRKS.join(", ")}` +
          (accept === "any" ? `; the data quirks are ${DATA_QUIRKS.join(", ")}` : "") +
          " (chat-conformance list --quirks says what each does)",
      );
    if (accept === "wire" && DATA_QUIRKS.includes(w as QuirkName))
      throw new UsageError(
        `--${flag}: '${w}' is a data quirk (the organization a client logs in to): only serve --quirks makes it; the proxy makes the wire quirks: ${WIRE_QUIRKS.join(", ")}`,
      );
    names.add(w as QuirkName);
  }
  return QUIRKS.map((q) => q.name).filter((n) => names.has(n));
}
