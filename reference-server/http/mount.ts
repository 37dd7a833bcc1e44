import type { IncomingMessage, ServerResponse } from "node:http";
import type { Runtime } from "../runtime.ts";

/**
 * Paths served apart from the API's route table, each answering in its own shape and reading its own body (upload
 * downloads and tus, static files, the reference control). server.ts registers them; dispatch offers each request
 * to them in turn before it routes it, so http/ knows none of them.
 */
export interface Mount {
  /** Whether the path is this mount's; told apart before anything is awaited, so other requests take no turn. */
  claims(rt: Runtime, pathname: string): boolean;
  /** Answers a request to a path the mount claims, whole. */
  serve(rt: Runtime, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> | void;
}
