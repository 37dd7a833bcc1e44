import { ApiClient, NetworkError, type ApiResponse } from "../../client/client.ts";
import type { ParamMap } from "../../client/encode.ts";
import { detectTarget } from "../../target/detect.ts";
import type { Values } from "../options.ts";
import type { PERSONAS } from "../specs/personas.ts";
import { UsageError } from "../usage.ts";
import { checkUrl } from "../target-url.ts";

export type PersonasValues = Values<typeof PERSONAS.options>;

/** The admin account's session with the server: the client, and how the server names things. */
export interface AdminSession {
  url: string;
  product: "chat" | "zulip";
  featureLevel: number;
  email: string;
  apiKey: string;
  client: ApiClient;
  /** The admin's GET /users/me. */
  me: { userId: number; role: number };
  /** One request; a network failure becomes a one-line UsageError naming the request. */
  call(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, params?: ParamMap, as?: ApiClient): Promise<ApiResponse>;
}

/** "HTTP 400 User not authorized to create users". */
export const answer = (res: ApiResponse): string =>
  `HTTP ${res.status}${typeof res.json?.msg === "string" && res.json.msg ? ` ${res.json.msg}` : res.text ? ` ${res.text.trim().slice(0, 120)}` : ""}`;

function required(values: PersonasValues, name: "target" | "admin-email" | "admin-api-key", action: string): string {
  const v = values[name];
  if (v === undefined || v.trim() === "") throw new UsageError(`personas ${action} needs --${name}`);
  return v.trim();
}

/** Connects as the admin account: the server's level and product, and the account's id and role. */
export async function openSession(values: PersonasValues, action: string): Promise<AdminSession> {
  const url = checkUrl(required(values, "target", action));
  const email = required(values, "admin-email", action);
  const apiKey = required(values, "admin-api-key", action);
  const detected = await detectTarget({ kind: "url", url, personas: {} });
  const client = new ApiClient(url, { email, apiKey }, () => undefined, detected.product);
  const call = async (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, params: ParamMap = {}, as: ApiClient = client) => {
    try {
      return await as.request(method, path, params, { timeoutMs: 30_000 });
    } catch (e) {
      throw new UsageError(
        `${method} ${path} got no answer from ${url} (${e instanceof NetworkError ? ((e.cause as Error | undefined)?.message ?? e.message) : (e as Error).message})`,
      );
    }
  };
  const res = await call("GET", "/users/me");
  if (res.status === 401) throw new UsageError(`--admin-api-key: the API key of ${email} is refused: ${answer(res)}`);
  if (res.status !== 200 || typeof res.json?.user_id !== "number") throw new UsageError(`GET /users/me as ${email} answered ${answer(res)}`);
  const role = typeof res.json.role === "number" ? res.json.role : res.json.is_owner === true ? 100 : res.json.is_admin === true ? 200 : 400;
  return { url, product: detected.product, featureLevel: detected.featureLevel, email, apiKey, client, me: { userId: res.json.user_id, role }, call };
}
