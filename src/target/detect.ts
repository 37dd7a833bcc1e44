import { ApiClient, NetworkError } from "../client/client.ts";
import type { Personas, PersonaRole } from "./personas.ts";
import type { TargetInfo } from "./target.ts";

/** The target could not be reached or does not speak the API: the run stops with exit code 2. */
export class TargetError extends Error {
  override name = "TargetError";
}

export interface DetectOptions {
  kind: TargetInfo["kind"];
  url: string;
  personas: Personas;
  assumeFl?: number;
  runId?: string;
}

/**
 * Learns the target's feature level and product prefix from GET /server_settings (`chat_feature_level` or
 * `zulip_feature_level`; absent means 0), then cross-checks POST /register with the first persona it has (every
 * persona's account is checked by src/target/preflight.ts).
 */
export async function detectTarget(o: DetectOptions): Promise<TargetInfo> {
  const notes: string[] = [];
  const anon = new ApiClient(o.url, null);
  let res;
  try {
    res = await anon.get("/server_settings", {}, { timeoutMs: 15_000 });
  } catch (e) {
    throw new TargetError(
      `cannot reach ${o.url}: ${e instanceof NetworkError ? ((e.cause as Error | undefined)?.message ?? e.message) : (e as Error).message}`,
    );
  }
  if (res.status !== 200 || res.json?.result !== "success") {
    throw new TargetError(`${o.url} does not look like a chat server: GET /api/v1/server_settings answered ${notAChatServer(res)}`);
  }
  const product: TargetInfo["product"] = "zulip_feature_level" in res.json ? "zulip" : "chat";
  const raw = res.json[`${product}_feature_level`];
  const detected = typeof raw === "number" && Number.isInteger(raw) ? raw : 0;
  if (raw === undefined) notes.push("server_settings has no feature level: treated as 0");
  const role = (Object.keys(o.personas) as PersonaRole[])[0];
  if (role) {
    const p = o.personas[role]!;
    const client = new ApiClient(o.url, { email: p.email, apiKey: p.apiKey }, () => undefined, product);
    const reg = await client.post("/register", { fetch_event_types: [] }).catch(() => undefined);
    if (!reg || reg.status !== 200) notes.push(`POST /register as ${role} answered HTTP ${reg?.status ?? "nothing"}: persona credentials may be wrong`);
    else if (reg.json?.chat_feature_level !== detected)
      notes.push(`register reports FL ${String(reg.json?.chat_feature_level)}, server_settings FL ${detected}`);
    if (reg?.json?.queue_id) await client.delete("/events", { queue_id: String(reg.json.queue_id) }).catch(() => undefined);
  }
  let featureLevel = detected;
  if (o.assumeFl !== undefined && o.assumeFl !== detected) {
    notes.push(`--assume-fl ${o.assumeFl} overrides the detected FL ${detected}`);
    featureLevel = o.assumeFl;
  }
  return { kind: o.kind, url: o.url, featureLevel, product, personas: o.personas, runId: o.runId ?? newRunId(), notes };
}

/**
 * What was wrong with server_settings' answer, in the words a server implementer needs: the status, then whether
 * the body is JSON at all (its content type and a snippet when not), has a `result`, and what it says instead.
 */
export function notAChatServer(res: { status: number; headers: Record<string, string>; text: string; json: Record<string, unknown> | undefined }): string {
  const type = res.headers["content-type"] ?? "no content type";
  const snippet = JSON.stringify(res.text.length > 80 ? `${res.text.slice(0, 80)}…` : res.text);
  const status = `HTTP ${res.status}${res.status === 200 ? "" : " (want 200)"}`;
  if (res.json === undefined) return `${status} with a body that is not a JSON object (${type}): ${res.text === "" ? "empty" : snippet}`;
  if (!("result" in res.json)) return `${status} with JSON that has no "result" field (want "result": "success"): ${snippet}`;
  if (res.json.result !== "success") {
    const why = [typeof res.json.code === "string" ? `code ${res.json.code}` : "", typeof res.json.msg === "string" ? JSON.stringify(res.json.msg) : ""]
      .filter(Boolean)
      .join(", ");
    return `${status} with "result": ${JSON.stringify(res.json.result)}, not "success"${why ? ` (${why})` : ""}`;
  }
  return `${status}, though its body says "result": "success"`;
}

export function newRunId(): string {
  return `cc${Date.now().toString(36)}`;
}
