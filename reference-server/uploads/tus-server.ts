import type { IncomingMessage, ServerResponse } from "node:http";
import { ERRORS, Server, type ServerOptions, type Upload } from "@tus/server";
import { authenticate } from "../http/auth.ts";
import { badRequest, methodNotAllowed } from "../errors/registry.ts";
import type { Runtime } from "../runtime.ts";
import type { User } from "../state/types.ts";
import { storeUpload, uploadUrl } from "../api/uploads/create.ts";
import { maxUploadMib, tusSizeLimit, withinQuota } from "../api/uploads/limits.ts";
import { MemoryStore } from "./memory-store.ts";
import { webRequest, writeTusAnswer } from "./tus-answer.ts";

export const TUS_PATH = "/api/v1/tus";

/** The request type @tus/server hands its hooks: the web Request serveTus gave it. */
type TusRequest = Parameters<NonNullable<ServerOptions["onIncomingRequest"]>>[0];

/** The methods the tus endpoint answers (the protocol's, and GET of a finished upload); any other is a 405. */
const TUS_METHODS = ["POST", "HEAD", "PATCH", "OPTIONS", "DELETE", "GET"];

interface Tus {
  server: Server;
  store: MemoryStore;
}

const instances = new WeakMap<Runtime, Tus>();
/** Who sent each request, as serveTus authenticated it before handing the request to the library. */
const senders = new WeakMap<Request, User>();

const senderOf = (req: TusRequest): User | undefined => senders.get(req);

/** A refusal in the shape real servers' tus hooks give: a status and a JSON body `{message}`. */
const refuse = (status_code: number, message: string) => ({ status_code, body: `${JSON.stringify({ message })}\n` });

function create(rt: Runtime): Tus {
  const store = new MemoryStore();
  const server = new Server({
    path: TUS_PATH,
    datastore: store,
    maxSize: () => tusSizeLimit(rt),
    disableTerminationForFinishedUploads: true,
    // An upload in progress is its creator's: another user's request finds nothing there.
    onIncomingRequest: async (req, id) => {
      const owner = store.ownerOf(id);
      const sender = senderOf(req);
      if (owner !== undefined && sender !== undefined && !rt.access.canContinueUpload(sender, owner)) throw ERRORS.FILE_NOT_FOUND;
    },
    onUploadCreate: async (req, upload) => {
      const sender = senderOf(req);
      if (sender === undefined) throw refuse(401, "Unauthenticated upload");
      if (!withinQuota(rt, upload.size ?? 0)) throw refuse(413, "Upload would exceed your organization's upload quota.");
      store.claim(upload.id, sender.id);
      return {};
    },
    onUploadFinish: async (req, upload) => finish(rt, store, req, upload),
    onResponseError: (req, err) => {
      const { status_code, body } = "status_code" in err ? err : { status_code: 0, body: "" };
      if (req.method === "POST" && status_code === ERRORS.ERR_MAX_SIZE_EXCEEDED.status_code && body === ERRORS.ERR_MAX_SIZE_EXCEEDED.body) {
        return refuse(413, `File is larger than this server's configured maximum upload size (${maxUploadMib(rt)} MiB).`);
      }
      // An extension the store does not offer (Upload-Defer-Length, Upload-Concat): the library says 501, but the
      // request is what is wrong (the server never advertised it), so it is a 400, never a 5xx.
      if (status_code === 501) return refuse(400, body.trim() || "This tus extension is not supported here.");
      return undefined;
    },
  });
  return { server, store };
}

/** The finishing request: the file becomes an upload like one of POST /user_uploads; the body says where (wire §15). */
async function finish(rt: Runtime, store: MemoryStore, req: TusRequest, upload: Upload) {
  const ownerId = store.ownerOf(upload.id);
  const owner = senderOf(req) ?? (ownerId === undefined ? undefined : rt.store.users.get(ownerId));
  if (owner === undefined) throw refuse(401, "Unauthenticated upload");
  const meta = upload.metadata ?? {};
  const stored = storeUpload(rt, owner, { clientName: meta.filename ?? "", contentType: meta.filetype, data: store.take(upload.id) });
  if (rt.faulty("fl295.uploads.tus-endpoint#finish-body")) return {};
  return {
    status_code: 200,
    headers: { "Content-Type": "application/json" },
    body: `${JSON.stringify({ url: uploadUrl(stored), filename: stored.name })}\n`,
  };
}

/** The tus server and its data store of a reference server (one each, made on first use). */
export function tusFor(rt: Runtime): Tus {
  let tus = instances.get(rt);
  if (!tus) instances.set(rt, (tus = create(rt)));
  return tus;
}

/**
 * /api/v1/tus and /api/v1/tus/<id>: every request but OPTIONS (the CORS preflight, which carries no credentials)
 * must authenticate like the rest of /api/v1 (401 otherwise, from the thrown error); then @tus/server answers.
 */
export async function serveTus(rt: Runtime, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? "").toUpperCase();
  if (!TUS_METHODS.includes(method)) throw methodNotAllowed(TUS_METHODS);
  // The fault lets requests without credentials through, except the one that creates an upload.
  const lenient = rt.faulty("fl295.uploads.tus-requires-auth") && method !== "POST";
  const sender = method !== "OPTIONS" && !(lenient && req.headers.authorization === undefined) ? authenticate(rt, req) : undefined;
  let request: Request;
  try {
    request = webRequest(req);
  } catch (e) {
    // A header node:http let through that a web Request refuses: the request is what is wrong.
    throw badRequest(`Invalid tus request: ${(e as Error).message}`);
  }
  if (sender !== undefined) senders.set(request, sender);
  await writeTusAnswer(req, res, await tusFor(rt).server.handleWeb(request));
}
