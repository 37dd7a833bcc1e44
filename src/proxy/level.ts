import { detectTarget } from "../target/detect.ts";

/**
 * The target's feature level and spelling, detected once before the proxy opens (GET /server_settings, through
 * src/target/detect.ts: an unreachable target or one that is no chat server stops the command with exit code 2),
 * then kept up to date from the traffic: a server upgraded while the proxy runs reports its new level in the
 * server_settings and register answers its clients fetch.
 */
export interface TargetLevel {
  featureLevel: number;
  product: "chat" | "zulip";
  /** What detection noticed, and level changes seen in traffic. */
  notes: string[];
}

export async function detectLevel(url: string, assumeFl?: number): Promise<TargetLevel> {
  const t = await detectTarget({ kind: "url", url, personas: {}, ...(assumeFl !== undefined ? { assumeFl } : {}) });
  return { featureLevel: t.featureLevel, product: t.product, notes: [...t.notes] };
}
