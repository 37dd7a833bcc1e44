import { BlockedError } from "../../src/expect/failure.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { startJsonListener } from "./json-listener.ts";

/** A one-test HTTP listener for outgoing-webhook payloads: collects each JSON body posted to it. */
export interface WebhookListener {
  url: string;
  /** The next body posted (already received or still to come); the budget ends the wait with null. */
  next(budgetMs: number): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Starts a listener the target can reach. The embedded reference server reaches 127.0.0.1; another target needs
 * CC_HARNESS_HOST, the harness's address as the target sees it, or the test is blocked.
 */
export async function startWebhookListener(t: TestContext): Promise<WebhookListener> {
  const host = process.env.CC_HARNESS_HOST ?? (t.target.kind === "reference" ? "127.0.0.1" : undefined);
  if (host === undefined) throw new BlockedError("the target cannot reach the harness: set CC_HARNESS_HOST to the harness's address as the target sees it");
  const listener = await startJsonListener(host, process.env.CC_HARNESS_HOST ? "0.0.0.0" : "127.0.0.1", { response_not_required: true });
  return { url: `${listener.origin}/outgoing`, next: listener.next, close: listener.close };
}
