import { z } from "zod";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { versionFor } from "../../../facts/versions.ts";
import { NarrowSchema } from "../messages/narrow.ts";
import { CapabilitiesSchema, capabilitiesFor } from "./capabilities.ts";
import { initialState } from "./state.ts";

const MAX_LIFESPAN = 7 * 24 * 3600;
/** The parameters' schemas, built once: every register (clients, and the harness's invariant refetches) reads them. */
const TYPE_LIST = z.array(z.string()).nullable();
const ANY_CAPABILITIES = z.record(z.string(), z.unknown());
const DAYS = z.number().int().nullable();
const SECONDS = z.number().int().min(0);

/**
 * POST /register (wire §8): creates an event queue and returns the initial state the client asked for, rendered
 * for its capabilities. Every parameter is JSON.
 */
async function register(ctx: RequestContext): Promise<Record<string, unknown>> {
  const { rt, user, params } = ctx;
  const rawCaps = params.optJson("client_capabilities", rt.faulty("fl153.register.client-capabilities-encoding") ? ANY_CAPABILITIES : CapabilitiesSchema);
  const capabilities = capabilitiesFor(rt.fl, rawCaps);
  const eventTypes = params.optJson("event_types", TYPE_LIST) ?? null;
  const fetchTypes = params.optJson("fetch_event_types", TYPE_LIST) ?? eventTypes;
  const applyMarkdown = params.bool("apply_markdown", false);
  const clientGravatar = params.bool("client_gravatar", true);
  const includeSubscribers = params.bool("include_subscribers", false);
  const slimPresence = params.optBool("slim_presence") ?? false;
  params.optJson("narrow", NarrowSchema);
  const allPublic = params.optBool("all_public_streams");
  if (allPublic && rt.access.isGuest(user)) throw badRequest("User not authorized for this query");
  const historyDays = rt.fl.has("presenceHistoryLimitDays") ? params.optJson("presence_history_limit_days", DAYS) : undefined;
  // (fault: the limit is read but every presence of the default history comes back)
  const presenceHistoryDays = rt.faulty("fl288.register.presence-history-limit-days-filter") ? null : (historyDays ?? null);
  const lifespan = params.optJson("queue_lifespan_secs", SECONDS) ?? 0;
  const queue = rt.queues.create({
    userId: user.id,
    eventTypes: eventTypes === null || rt.faulty("fl153.events.event-types-filter") ? null : new Set(eventTypes),
    capabilities,
    applyMarkdown,
    clientGravatar,
    lifespanSeconds: lifespan === 0 ? null : Math.min(lifespan, MAX_LIFESPAN),
  });
  const state = initialState(
    rt,
    { user, capabilities, clientGravatar, includeSubscribers, slimPresence, presenceHistoryDays },
    fetchTypes === null ? null : new Set(fetchTypes),
  );
  const out: Record<string, unknown> = {
    queue_id: queue.id,
    last_event_id: -1,
    chat_feature_level: rt.faulty("fl153.versioning.feature-level-consistent") ? rt.fl.level - 1 : rt.fl.level,
    chat_version: versionFor(rt.fl.level),
    chat_merge_base: "",
    ...state,
  };
  if (rt.faulty("fl153.events.register-queue")) delete out.last_event_id;
  if (rt.faulty("fl153.versioning.feature-level-in-register")) delete out.chat_feature_level;
  return out;
}

export const routes: Route[] = [authed("POST", "/register", register)];
