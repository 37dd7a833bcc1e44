import type { TestContext } from "../../src/expect/context.ts";
import { harnessAddress } from "./harness-address.ts";
import { startJsonListener } from "./json-listener.ts";

/** A one-test HTTP listener for outgoing-webhook payloads: collects each JSON body posted to it. */
export interface WebhookListener {
  url: string;
  /** The next body posted (already received or still to come); the budget ends the wait with null. */
  next(budgetMs: number): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Starts a listener the target can reach, at the harness's address as the target sees it (harness-address.ts);
 * without one the test is not verifiable here.
 */
export async function startWebhookListener(t: TestContext): Promise<WebhookListener> {
  const { host, bind } = harnessAddress(t);
  const listener = await startJsonListener(host, bind, { response_not_required: true });
  return { url: `${listener.origin}/outgoing`, next: listener.next, close: listener.close };
}
