import type { IncomingMessage, ServerResponse } from "node:http";
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { publishRestart } from "../events/restart.ts";
import { sendJson } from "../http/envelope.ts";
import type { Mount } from "../http/mount.ts";
import type { Runtime } from "../runtime.ts";
import { changePlan } from "./plan.ts";
import { reach } from "./reach.ts";
import { changeDefaultChannelGroup, changeRealmDomain, setSponsorshipPending, setZoomToken } from "./realm-state.ts";

/** Where the control listens: outside /api/v1, so no client of the API ever meets it. */
export const CONTROL_PREFIX = "/reference-control/";

const PlanBody = z.strictObject({
  plan_type: z.number().int().min(1),
  upload_quota_mib: z.number().int().min(0).nullable().optional(),
  max_file_upload_size_mib: z.number().int().min(0).optional(),
});
const ClockBody = z.strictObject({ advance_seconds: z.number().int().min(0) });
const HeartbeatBody = z.strictObject({ queue_id: z.string().min(1), seconds: z.number().positive().max(3600) });
const WorkBudgetBody = z.strictObject({ messages: z.number().int().min(1).nullable() });
const OrganizationBody = z.strictObject({
  push_bouncer_url: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .optional(),
});
const CloseOrganizationBody = z.strictObject({ url: z.url() });
const ReachBody = z.strictObject({ url: z.url({ protocol: /^https?$/ }) });
const RealmDomainBody = z.discriminatedUnion("op", [
  z.strictObject({ op: z.enum(["add", "change"]), domain: z.string().min(1), allow_subdomains: z.boolean() }),
  z.strictObject({ op: z.literal("remove"), domain: z.string().min(1) }),
]);
const SponsorshipBody = z.strictObject({ pending: z.boolean() });
const ZoomTokenBody = z.strictObject({ user_id: z.number().int(), held: z.boolean() });
const DefaultChannelGroupBody = z.discriminatedUnion("op", [
  z.strictObject({ op: z.literal("add"), name: z.string().min(1), description: z.string(), stream_ids: z.array(z.number().int()) }),
  z.strictObject({ op: z.literal("remove"), name: z.string().min(1) }),
]);

/**
 * A sibling's URL as the caller reaches this server (its Host header), on the sibling's port: a server bound to
 * 0.0.0.0 knows itself only as that, while the harness reached it by some name.
 */
function asSeenBy(req: IncomingMessage, url: string): string {
  const own = new URL(url);
  if (req.headers.host === undefined) return url;
  const seen = new URL(`http://${req.headers.host}`);
  seen.port = own.port;
  return seen.origin;
}

/** The operations, by path: each reads its JSON body and answers a JSON object. */
const OPERATIONS: Record<string, (rt: Runtime, body: unknown, req: IncomingMessage) => Record<string, unknown> | Promise<Record<string, unknown>>> = {
  restart: (rt) => {
    const generation = rt.control.clock();
    rt.control.generation = generation;
    publishRestart(rt, generation);
    return { server_generation: generation };
  },
  plan: (rt, body) => {
    const b = PlanBody.parse(body);
    changePlan(rt, {
      planType: b.plan_type,
      ...(b.upload_quota_mib !== undefined ? { uploadQuotaMib: b.upload_quota_mib } : {}),
      ...(b.max_file_upload_size_mib !== undefined ? { maxFileUploadSizeMib: b.max_file_upload_size_mib } : {}),
    });
    return {};
  },
  clock: (rt, body) => ({ now: rt.control.advance(ClockBody.parse(body).advance_seconds) }),
  // One queue's idle long-polls end with their heartbeat after this many seconds; other clients keep the server's.
  heartbeat: (rt, body) => {
    const b = HeartbeatBody.parse(body);
    const queue = rt.queues.byId(b.queue_id);
    if (queue === undefined) return { found: false };
    queue.heartbeatMs = b.seconds * 1000;
    return { found: true };
  },
  "work-budget": (rt, body) => {
    rt.control.workBudget = WorkBudgetBody.parse(body).messages;
    return {};
  },
  // A throw-away organization: {url, personas, serverConfig}, the shape of `serve --json`'s line.
  organization: async (rt, body, req) => {
    const b = OrganizationBody.parse(body);
    const sibling = await rt.control.organizations.create(b.push_bouncer_url !== undefined ? { pushBouncerUrl: b.push_bouncer_url } : {});
    return { url: asSeenBy(req, sibling.url), personas: sibling.personas, serverConfig: sibling.serverConfig };
  },
  "organization/close": async (rt, body) => {
    const port = Number(new URL(CloseOrganizationBody.parse(body).url).port);
    return { closed: await rt.control.organizations.close(port) };
  },
  // Organization state only endpoints outside the spec change on real servers (control/realm-state.ts): changed
  // false when there was nothing to do (a domain added twice, one not there; realm_billing before its level).
  "realm-domain": (rt, body) => ({ changed: changeRealmDomain(rt, RealmDomainBody.parse(body)) }),
  sponsorship: (rt, body) => ({ changed: setSponsorshipPending(rt, SponsorshipBody.parse(body).pending) }),
  "default-channel-group": (rt, body) => ({ changed: changeDefaultChannelGroup(rt, DefaultChannelGroupBody.parse(body)) }),
  "zoom-token": (rt, body) => {
    const b = ZoomTokenBody.parse(body);
    return { changed: setZoomToken(rt, b.user_id, b.held) };
  },
  // Whether this server reaches an address (the harness's probe of its own address: control/reach.ts).
  reach: async (_rt, body) => ({ ...(await reach(ReachBody.parse(body).url)) }),
};

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8").trim();
  return text === "" ? {} : JSON.parse(text);
}

function secretMatches(rt: Runtime, given: string | string[] | undefined): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(rt.control.secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /reference-control/<operation> with the x-reference-control header: the reference control over HTTP, so a
 * test run against `serve` (another process) can use it too — restart, plan, clock, heartbeat, work-budget,
 * realm-domain, sponsorship, zoom-token, default-channel-group, organization, organization/close, reach. Told
 * apart before anything is awaited, so that every other request goes on without a turn of its own.
 */
export const isControlPath = (pathname: string): boolean => pathname.startsWith(CONTROL_PREFIX);

/** Answers a request to a path isControlPath says is the control's. */
export async function serveControl(rt: Runtime, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  const op = OPERATIONS[pathname.slice(CONTROL_PREFIX.length)];
  if (!secretMatches(rt, req.headers["x-reference-control"])) {
    req.resume();
    sendJson(res, 403, { result: "error", msg: "The reference control needs its secret (x-reference-control)" });
    return;
  }
  if (!op || req.method !== "POST") {
    req.resume();
    sendJson(res, 404, { result: "error", msg: `No reference control operation: ${req.method ?? ""} ${pathname}` });
    return;
  }
  let body: unknown;
  try {
    body = await readJson(req);
    sendJson(res, 200, { result: "success", ...(await op(rt, body, req)) });
  } catch (e) {
    if (!(e instanceof SyntaxError) && !(e instanceof z.ZodError)) throw e;
    sendJson(res, 400, { result: "error", msg: `Bad reference control request: ${e.message}` });
  }
}

/** The reference control as a mount server.ts registers. */
export const controlMount: Mount = { claims: (_rt, pathname) => isControlPath(pathname), serve: serveControl };
