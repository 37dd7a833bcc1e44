import { randomBytes } from "node:crypto";
import { badRequest, hostnameAlreadyInUse, invalidRemoteServer, unauthorized } from "../../errors/registry.ts";
import { open, type RequestContext, type Runtime } from "../../runtime.ts";
import type { RemoteServer } from "../../state/push-bouncer.ts";

/**
 * The push bouncer's API (real: zilencer, only on a bouncer such as push.zulipchat.com; the reference server
 * serves it too). Servers identify themselves by an id (UUID) and a 64-character key: in the body when they
 * register, as HTTP Basic `<id>:<key>` afterwards. The spec's `chat_org_id` / `chat_org_key` are `zulip_…` on real bouncers.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOSTNAME = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;
/** token_kind / kind 1: the mobile-platform push service (real: APNs), whose tokens need the app's id from FL223. */
const MOBILE_KIND = 1;

const orgId = (ctx: RequestContext<undefined>): string => ctx.params.str("chat_org_id", "zulip_org_id");

/** The server named by HTTP Basic `<id>:<key>`. */
function remoteServer(ctx: RequestContext<undefined>): RemoteServer {
  const m = /^\s*basic\s+(\S+)\s*$/i.exec(ctx.req.headers.authorization ?? "");
  if (!m) throw unauthorized("Not logged in: API authentication or user session required");
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
  const [uuid = "", key = ""] = decoded.split(":", 2);
  const server = ctx.rt.store.pushBouncer.server(uuid.trim());
  if (!server || server.key !== key.trim()) throw invalidRemoteServer(uuid);
  return server;
}

/** The FL223 rule: a mobile-platform token (kind 1) comes with mobile_app_id (real: ios_app_id). */
function checkMobileAppId(ctx: RequestContext<undefined>, kind: number | undefined): void {
  if (kind !== MOBILE_KIND || !ctx.rt.fl.has("bouncerMobileAppIdRequired")) return;
  if (!ctx.params.optStr("mobile_app_id", "ios_app_id")) throw badRequest("Missing mobile_app_id");
}

/** POST /remotes/server/register: registers (or updates) a server → {created}. */
function registerServer(ctx: RequestContext<undefined>): Record<string, unknown> {
  const { rt, params } = ctx;
  const uuid = orgId(ctx);
  const key = params.str("chat_org_key", "zulip_org_key");
  const hostname = params.str("hostname");
  const contactEmail = params.str("contact_email");
  if (!UUID.test(uuid)) throw badRequest(`${uuid} is not a valid UUID`);
  if (key.length !== 64) throw badRequest("Invalid server key");
  if (!HOSTNAME.test(hostname)) throw badRequest(`${hostname} is not a valid hostname`);
  if (!/^[^@\s]+@[^@\s]+$/.test(contactEmail)) throw badRequest("Enter a valid email address.");
  checkMobileAppId(ctx, params.optInt("kind"));
  const existing = rt.store.pushBouncer.server(uuid);
  if (existing && existing.key !== key) throw invalidRemoteServer(uuid);
  const holder = rt.store.pushBouncer.serverAt(hostname);
  if (holder && holder.uuid !== uuid) throw hostnameAlreadyInUse(hostname, rt.fl.has("bouncerHostnameTakenError"));
  rt.store.pushBouncer.register({ uuid, key: params.optStr("new_org_key") ?? key, hostname, contactEmail });
  return { created: !existing };
}

/** POST /remotes/server/register/transfer (FL345): starts moving a hostname's registration → {verification_secret}. */
function startTransfer(ctx: RequestContext<undefined>): Record<string, unknown> {
  const { rt, params } = ctx;
  const hostname = params.str("hostname");
  if (!rt.store.pushBouncer.serverAt(hostname)) throw badRequest(`${hostname} not yet registered`);
  const secret = randomBytes(24).toString("base64url");
  rt.store.pushBouncer.startTransfer(hostname, secret);
  return { verification_secret: secret };
}

/** Where the bouncer reads a server's answer to the challenge (wire §17.1: real servers say zulip-services). */
const verifyUrl = (rt: Runtime, hostname: string, token: string): string =>
  `http://${hostname}/api/v1/${rt.config.product === "zulip" ? "zulip" : "chat"}-services/verify/${encodeURIComponent(token)}/`;

/**
 * POST /remotes/server/register/verify_challenge (FL345): the bouncer asks the server at `hostname` for the secret
 * under `access_token`; when it matches the transfer's, the new server receives the registration's credentials.
 * The reference bouncer asks over http (real bouncers use https).
 */
async function verifyChallenge(ctx: RequestContext<undefined>): Promise<Record<string, unknown>> {
  const { rt, params } = ctx;
  const hostname = params.str("hostname");
  const token = params.str("access_token");
  const server = rt.store.pushBouncer.serverAt(hostname);
  const secret = rt.store.pushBouncer.transferSecret(hostname);
  if (!server || secret === undefined) throw badRequest(`No registration transfer in progress for ${hostname}`);
  let answer: unknown;
  try {
    const res = await fetch(verifyUrl(rt, hostname, token), { method: "GET", signal: AbortSignal.timeout(5_000) });
    answer = await res.json();
  } catch {
    throw badRequest(`Error response received from ${hostname}`);
  }
  if ((answer as { verification_secret?: unknown } | null)?.verification_secret !== secret) throw badRequest("The verification secret is invalid");
  rt.store.pushBouncer.endTransfer(hostname);
  return { chat_org_id: server.uuid, chat_org_key: server.key };
}

/** POST /remotes/push/register: a server registers one of its users' device tokens (real: ios_app_id, FL223). */
function registerDevice(ctx: RequestContext<undefined>): Record<string, unknown> {
  const server = remoteServer(ctx);
  const { params } = ctx;
  const userId = params.optStr("user_uuid") ?? String(params.int("user_id"));
  const token = params.str("token");
  const kind = params.int("token_kind");
  if (kind !== MOBILE_KIND && kind !== 2) throw badRequest("Invalid token type");
  if (token === "" || token.length > 4096) throw badRequest("Empty or invalid length token");
  checkMobileAppId(ctx, kind);
  ctx.rt.store.pushBouncer.addDevice(server.uuid, userId, kind, token);
  return {};
}

export const routes = [
  open("POST", "/remotes/server/register", registerServer),
  open("POST", "/remotes/server/register/transfer", startTransfer, { level: "bouncerRegisterTransfer" }),
  open("POST", "/remotes/server/register/verify_challenge", verifyChallenge, { level: "bouncerVerifyChallenge" }),
  open("POST", "/remotes/push/register", registerDevice),
];
