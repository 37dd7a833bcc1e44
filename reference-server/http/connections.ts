import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { errorBody } from "./envelope.ts";
import { headerFieldsTooLarge, malformedRequest, requestTimeout, type ApiError } from "../errors/registry.ts";

/**
 * The largest request head (request line and headers) the server reads: well past node's default of 16 KiB, so a
 * long query string or a large cookie reaches the API, which answers in its envelope.
 */
export const MAX_HEADER_BYTES = 256 * 1024;

/** How long a connection whose request could not be parsed keeps being read (and discarded) after its answer. */
const LINGER_MS = 2_000;

/** What node's HTTP parser reports, as the envelope: status and error (the parser's codes are llhttp's). */
function parserError(code: string | undefined): { status: number; err: ApiError } {
  if (code === "HPE_HEADER_OVERFLOW") return { status: 431, err: headerFieldsTooLarge() };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, err: requestTimeout() };
  return { status: 400, err: malformedRequest() };
}

const REASONS: Record<number, string> = { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" };

/**
 * Answers a request node could not parse (a head past MAX_HEADER_BYTES, bytes that are not HTTP) with the API's
 * envelope instead of node's bare status line. There is no response object: the answer is written on the socket,
 * then the rest of what the client sends is read and dropped for a while, since closing with unread data would
 * reset the connection and could lose the answer before the client reads it.
 */
const answered = new WeakSet<Socket>();

export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  // The parser keeps failing on what arrives after the first error: those bytes are the drained rest.
  if (answered.has(socket)) return;
  answered.add(socket);
  const busy = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (err.code === "ECONNRESET" || !socket.writable || (busy && busy.headersSent)) {
    socket.destroy();
    return;
  }
  const { status, err: apiErr } = parserError(err.code);
  const body = JSON.stringify(errorBody(apiErr)) + "\n";
  socket.write(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `cache-control: no-store, no-cache, must-revalidate, max-age=0\r\nconnection: close\r\n\r\n${body}`,
  );
  // The parser is done with this connection: from here on its bytes are only drained.
  socket.removeAllListeners("data");
  socket.on("data", () => {});
  socket.on("error", () => {});
  socket.end();
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * The server's open requests, so that shutting down can answer them and close every connection: a response not yet
 * started will say `connection: close`, idle keep-alive connections close at once, and whatever is still open after
 * the grace period is cut.
 */
export class Connections {
  private readonly open = new Set<ServerResponse>();
  private closing: Promise<void> | undefined;

  constructor(private readonly server: Server) {}

  /** Called first for each request. */
  track(_req: IncomingMessage, res: ServerResponse): void {
    if (this.closing) res.setHeader("connection", "close");
    this.open.add(res);
    res.on("close", () => this.open.delete(res));
  }

  /** Stops accepting connections, lets `release` answer what waits (long-polls), and resolves once all are closed. */
  shutdown(graceMs: number, release: () => void): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      for (const res of this.open) if (!res.headersSent) res.setHeader("connection", "close");
      const cut = setTimeout(() => this.server.closeAllConnections(), graceMs);
      this.server.close(() => {
        clearTimeout(cut);
        resolve();
      });
      release();
      this.server.closeIdleConnections();
    });
    return this.closing;
  }
}
