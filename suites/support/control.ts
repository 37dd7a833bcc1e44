import type { TestContext } from "../../src/expect/context.ts";
import { HarnessError, UnverifiableError } from "../../src/expect/failure.ts";
import type { TargetInfo } from "../../src/target/target.ts";
import { controlCall } from "./control-http.ts";
import { throwawayOrganization, type Throwaway } from "./throwaway.ts";

/**
 * The reference control: what a test may make a reference server do that no API can (reference-server/control/).
 * Real servers offer none; a test that needs it is not verifiable there, never failed.
 */
export interface ReferenceControl {
  /** The server restarts (a deployment): a restart event (and from FL240 web_reload_client) to every queue. */
  restart(): Promise<void>;
  /** The organization moves to another plan, with the limits that come with it (omitted: unchanged). */
  changePlan(plan: { plan_type: number; upload_quota_mib?: number | null; max_file_upload_size_mib?: number }): Promise<void>;
  /** Time passes: the server's clock moves forward, so what is stored ages. */
  advanceClock(seconds: number): Promise<void>;
  /** One queue's idle long-polls end with their heartbeat after this many seconds (the server's own otherwise). */
  setQueueHeartbeat(queueId: string, seconds: number): Promise<void>;
  /** Batched operations run out of time after this many messages (null: never). */
  setWorkBudget(messages: number | null): Promise<void>;
  /**
   * A domain that restricts sign-ups is added, changed or removed (Zulip's /realm/domains, outside the spec): every
   * user gets a realm_domains event. False when there was nothing to do (added twice, not there).
   */
  changeRealmDomain(change: { op: "add" | "change"; domain: string; allow_subdomains: boolean } | { op: "remove"; domain: string }): Promise<boolean>;
  /**
   * A sponsorship request is made or answered (billing): those who manage billing get a realm_billing event. False
   * before the level register has realm_billing.
   */
  setSponsorshipPending(pending: boolean): Promise<boolean>;
  /**
   * A user's Zoom authorisation is granted or revoked (Zulip's OAuth flow with Zoom, outside the spec): the user gets
   * a has_zoom_token event. False when it already was so.
   */
  setZoomToken(userId: number, held: boolean): Promise<boolean>;
  /**
   * A default channel group is made or removed (Zulip's /default_stream_groups, outside the spec): every user but
   * guests gets a default_stream_groups event. False when there was nothing to do.
   */
  changeDefaultChannelGroup(change: { op: "add"; name: string; description: string; stream_ids: number[] } | { op: "remove"; name: string }): Promise<boolean>;
}

/** The target's reference control (the test's own target unless another is given, e.g. a throw-away organization's). */
export function needControl(t: TestContext, target: TargetInfo = t.target): ReferenceControl {
  if (target.serverConfig?.referenceControl === undefined) {
    throw new UnverifiableError({
      reason: "the target offers no reference control: only a reference server can restart, change plans, move its clock or run out of time on demand",
      remedy: "run against `chat-conformance serve` and pass its whole --json line as --personas (serverConfig.referenceControl)",
    });
  }
  const call = async (op: string, body: Record<string, unknown> = {}): Promise<void> => void (await controlCall(target, op, body));
  return {
    restart: () => call("restart"),
    changePlan: (plan) => call("plan", plan),
    advanceClock: (seconds) => call("clock", { advance_seconds: seconds }),
    setQueueHeartbeat: async (queueId, seconds) => {
      const { found } = await controlCall(target, "heartbeat", { queue_id: queueId, seconds });
      if (found !== true) throw new HarnessError(`the reference control knows no queue ${queueId}`);
    },
    setWorkBudget: (messages) => call("work-budget", { messages }),
    changeRealmDomain: async (change) => (await controlCall(target, "realm-domain", change)).changed === true,
    setSponsorshipPending: async (pending) => (await controlCall(target, "sponsorship", { pending })).changed === true,
    changeDefaultChannelGroup: async (change) => (await controlCall(target, "default-channel-group", change)).changed === true,
    setZoomToken: async (userId, held) => (await controlCall(target, "zoom-token", { user_id: userId, held })).changed === true,
  };
}

/**
 * A throw-away organization and its reference control, for tests whose control changes every user's world (a plan,
 * the clock, a work budget): the shared organization never sees them. Not verifiable where either is missing.
 */
export async function onControlledThrowaway(t: TestContext, fn: (org: Throwaway, control: ReferenceControl) => Promise<void>): Promise<void> {
  needControl(t);
  const org = await t.given("start a throw-away organization", () => throwawayOrganization(t));
  try {
    await fn(org, needControl(t, org.target));
  } finally {
    await org.close();
  }
}
