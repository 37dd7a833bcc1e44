import { realEndpoint, realName, specEndpoint, specName, toSpecNames } from "../../facts/names.ts";
import { checkEvents } from "./check-events.ts";
import { checkRequest } from "./check-request.ts";
import { checkEndpoint, checkEnvelope } from "./check-response.ts";
import { ClientBook } from "./clients.ts";
import { clauseApplies, isObject, type CheckContext } from "./context.ts";
import { findingOf, type Finding, type Violation } from "./findings.ts";
import type { TargetLevel } from "./level.ts";
import { operationOf } from "../product/operations.ts";
import { capabilitiesOf, readParams, responseText, whoOf } from "../client/observed-params.ts";
import { isProbe } from "./probes.ts";
import { zulipExpectedFailures } from "../product/zulip-differences.ts";
import { specEndpointOf, specParameters, takenAt } from "../product/spec-parameters.ts";
import { TEST_HEADER } from "../client/test-header.ts";
import { toExchange, type Observed } from "../client/observed.ts";

/** The id of the finding for a request the target gave no HTTP answer to. */
export const NO_ANSWER = "proxy.no-answer";

/**
 * Checks each exchange once its answer has reached the client: learns from it (the level, a client's register),
 * then runs the request, envelope, endpoint and event checks, and hands every violation on with its exchange.
 */
export class Checker {
  readonly book = new ClientBook();
  /** How many exchanges checked each clause: the report's passing rows are the clauses never violated. */
  readonly checked = new Map<string, number>();
  exchanges = 0;
  events = 0;
  /** Request warnings not raised: the suite's tests probing their own clause's level edge (probes.ts). */
  probes = 0;
  /**
   * Violations not raised because a Zulip server does so by design: the clause is one the difference table
   * (src/product/zulip-differences.ts) lists for a Zulip target of this level, by clause id.
   */
  differences = 0;

  constructor(
    readonly level: TargetLevel,
    private readonly onFinding: (f: Finding) => void,
  ) {}

  async check(ex: Observed): Promise<void> {
    this.exchanges++;
    const text = responseText(ex);
    const who = whoOf(ex.requestHeaders);
    const found: Violation[] = [];
    const emit = () => {
      if (!found.length) return;
      const exchange = toExchange(ex, text);
      for (const v of found) this.onFinding(findingOf(v, ex, exchange, who));
    };
    if (ex.error !== undefined && ex.status === undefined) {
      found.push({
        clause: NO_ANSWER,
        severity: "error",
        says: "The target answers every request with an HTTP response.",
        want: "an HTTP answer",
        got: ex.error,
      });
      return emit();
    }
    const pathOnly = ex.path.split("?")[0]!;
    if (!pathOnly.startsWith("/api/v1/") || ex.status === undefined) return;
    const apiPath = pathOnly.slice("/api/v1".length);
    // The tus protocol and file downloads are not JSON API answers.
    if (apiPath === "/tus" || apiPath.startsWith("/tus/")) return;
    const contentType = ex.responseHeaders?.["content-type"];
    const isJson = /^application\/json\b/i.test(contentType ?? "");
    if ((ex.method === "GET" || ex.method === "HEAD") && apiPath.startsWith("/user_uploads/") && !isJson) return;
    // A gateway in front of the server answering for it (the server down or restarting) is not the API speaking.
    if (!isJson && ex.status >= 502 && ex.status <= 504) return;
    if (ex.method === "HEAD" || ex.method === "OPTIONS" || ex.status === 204 || ex.status === 304 || (ex.status >= 300 && ex.status < 400)) return;
    if (ex.responseTooLarge) return;

    const product = this.level.product;
    // Checks speak the spec's names; the API description, the real product's.
    const spec = product === "zulip" ? (specEndpoint(ex.method, apiPath) ?? { method: ex.method, path: apiPath }) : { method: ex.method, path: apiPath };
    const real = product === "zulip" ? { method: ex.method, path: apiPath } : realEndpoint(ex.method, apiPath);
    let json: unknown;
    let parseError: string | undefined;
    if (text !== undefined && isJson) {
      try {
        json = JSON.parse(text);
        if (product === "zulip") json = toSpecNames(json);
      } catch (e) {
        parseError = (e as Error).message;
      }
    } else if (isJson && text === undefined) parseError = "the body could not be read or decompressed";
    const params = await readParams(ex);
    this.learnLevel(spec, json);
    const operation = operationOf(real.method, real.path);
    const names = product === "zulip" ? (n: string) => n : realName;
    const known = operation
      ? knownParameters([
          ...operation.op.parameters.map((p) => (product === "zulip" ? p.name : specName(p.name))),
          ...specParameters(specEndpointOf(operation.op), product)
            .filter((p) => takenAt(p, this.level.featureLevel))
            .map((p) => p.name),
        ])
      : undefined;
    const ctx: CheckContext = {
      level: this.level.featureLevel,
      product,
      method: spec.method,
      path: spec.path,
      params,
      status: ex.status,
      contentType,
      json,
      book: this.book,
      who,
      known,
      applies: (clause) => {
        const yes = clauseApplies(clause, this.level.featureLevel);
        if (yes) this.checked.set(clause, (this.checked.get(clause) ?? 0) + 1);
        return yes;
      },
      report: (v) => {
        if (product === "zulip" && zulipExpectedFailures(this.level.featureLevel)[v.clause] !== undefined) this.differences++;
        else found.push(v);
      },
      probe: (w) => {
        if (!isProbe(ex.requestHeaders[TEST_HEADER], w)) return false;
        this.probes++;
        return true;
      },
    };
    checkRequest(ctx, operation, names);
    checkEnvelope(ctx, text, parseError);
    checkEndpoint(ctx);
    if (spec.method === "GET" && spec.path === "/events") {
      const queue = this.book.queue(params.values.get("queue_id"));
      if (isObject(json) && Array.isArray(json.events)) this.events += json.events.length;
      checkEvents(ctx, queue);
    }
    this.learnClient(ctx, who);
    emit();
  }

  /** A server_settings answer with another level than detected: the server changed under the proxy. */
  private learnLevel(spec: { method: string; path: string }, json: unknown): void {
    if (spec.method !== "GET" || spec.path !== "/server_settings" || !isObject(json)) return;
    const fl = json.chat_feature_level;
    if (typeof fl === "number" && Number.isInteger(fl) && fl !== this.level.featureLevel) {
      this.level.notes.push(`the target's level changed from FL ${this.level.featureLevel} to FL ${fl} while the proxy ran`);
      this.level.featureLevel = fl;
    }
  }

  private learnClient(ctx: CheckContext, who: string): void {
    if (!isObject(ctx.json) || ctx.json.result !== "success") return;
    if (ctx.method === "POST" && ctx.path === "/register" && typeof ctx.json.queue_id === "string") {
      let eventTypes: string[] | undefined;
      try {
        const raw = ctx.params.values.get("event_types");
        const parsed: unknown = raw === undefined ? undefined : JSON.parse(raw);
        if (Array.isArray(parsed)) eventTypes = parsed.filter((t): t is string => typeof t === "string");
      } catch {
        eventTypes = undefined;
      }
      this.book.registered({
        queueId: ctx.json.queue_id,
        who,
        capabilities: capabilitiesOf(ctx.params.values.get("client_capabilities")),
        ...(eventTypes ? { eventTypes } : {}),
        lastEventId: typeof ctx.json.last_event_id === "number" ? ctx.json.last_event_id : -1,
      });
      if (typeof ctx.json.realm_empty_topic_display_name === "string") this.book.emptyTopicDisplayName = ctx.json.realm_empty_topic_display_name;
    }
    if (ctx.method === "DELETE" && ctx.path === "/events") this.book.forget(ctx.params.values.get("queue_id"));
  }
}

/**
 * Aliases the endpoints take besides the described names (wire §3: `subject` for `topic`), which the API
 * description leaves out: a server reads them, so it must not list them as ignored.
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = { topic: ["subject"] };

function knownParameters(names: readonly string[]): Set<string> {
  return new Set(names.flatMap((n) => [n, ...(ALIASES[n] ?? [])]));
}
