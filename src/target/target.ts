import type { Personas } from "./personas.ts";

/** What every test knows about the server under test; detected once per run and handed to each worker. */
export interface TargetInfo {
  kind: "reference" | "url" | "container";
  url: string;
  /** The level tests gate on: detected, or --assume-fl. */
  featureLevel: number;
  /** `chat_` (the spec) or `zulip_` (the real product) in product-named keys. */
  product: "chat" | "zulip";
  personas: Personas;
  /** Prefix for every name a run creates, so runs never collide on a shared server. */
  runId: string;
  /** Things detection noticed (a register level that disagrees, an assumed level). */
  notes: string[];
}

declare module "vitest" {
  interface ProvidedContext {
    target: TargetInfo;
  }
}
