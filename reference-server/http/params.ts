import type { z } from "zod";
import type { FaultId } from "../faults.ts";
import { badRequest, confusingVar, missingParam } from "../errors/registry.ts";
import type { TextMemo } from "./memo.ts";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The request's parameters, merged from the form body (first) and the query string, whatever the method
 * (wire §3). Non-string values are JSON text, validated strictly. Every key a handler reads is remembered,
 * so the envelope can list the rest in `ignored_parameters_unsupported` (FL167).
 */
export class Params {
  private readonly read = new Set<string>();

  constructor(
    private readonly values: ReadonlyMap<string, string>,
    private readonly faulty: (id: FaultId) => boolean = () => false,
  ) {}

  /** Marks a key as read and returns its raw value. */
  private take(name: string): string | undefined {
    if (!this.values.has(name)) return undefined;
    this.read.add(name);
    return this.values.get(name);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** A raw string, looked up under its name or one alias; both present is REQUEST_CONFUSING_VAR. */
  optStr(name: string, alias?: string): string | undefined {
    if (alias !== undefined && this.values.has(name) && this.values.has(alias) && !this.faulty("fl153.server.confusing-parameters"))
      throw confusingVar(name, alias);
    return this.take(name) ?? (alias !== undefined ? this.take(alias) : undefined);
  }

  str(name: string, alias?: string): string {
    const v = this.optStr(name, alias);
    if (v === undefined) throw missingParam(name);
    return v;
  }

  private parseJson(name: string, raw: string): unknown {
    try {
      return JSON.parse(raw);
    } catch {
      throw badRequest(`${name} is not valid JSON`);
    }
  }

  optBool(name: string): boolean | undefined {
    const raw = this.take(name);
    if (raw === undefined) return undefined;
    if (raw === "true") return true;
    if (raw === "false" || this.faulty("fl153.server.malformed-parameter")) return false;
    throw badRequest(`${name} is not a boolean`);
  }

  bool(name: string, fallback: boolean): boolean {
    return this.optBool(name) ?? fallback;
  }

  optInt(name: string): number | undefined {
    const raw = this.take(name);
    if (raw === undefined) return undefined;
    if (!/^-?\d+$/.test(raw.trim())) throw badRequest(`${name} is not an integer`);
    const n = Number(raw);
    if (!Number.isSafeInteger(n)) throw badRequest(`${name} is not an integer`);
    return n;
  }

  int(name: string): number {
    const v = this.optInt(name);
    if (v === undefined) throw missingParam(name);
    return v;
  }

  /**
   * A JSON-encoded value checked against a schema; a mismatch is BAD_REQUEST naming the parameter. `fast`, for hot
   * parameters: a hand-written check of the usual shape that returns the value when it accepts it (as the schema
   * would) and undefined to leave the value to the schema. `cache`, for hot parameters whose text repeats: accepted
   * values by their text, deep-frozen since every request that sends the same text gets the same value.
   */
  optJson<S extends z.ZodType>(
    name: string,
    schema: S,
    fast?: (value: unknown) => z.infer<S> | undefined,
    cache?: TextMemo<z.infer<S>>,
  ): z.infer<S> | undefined {
    const raw = this.take(name);
    if (raw === undefined) return undefined;
    const known = cache?.get(raw);
    if (known !== undefined) return known;
    const value = this.parseJson(name, raw);
    let accepted = fast?.(value);
    if (accepted === undefined) {
      const r = schema.safeParse(value);
      if (!r.success) {
        const issue = r.error.issues[0]!;
        const at = issue.path.length ? `${name}${issue.path.map((p) => `[${JSON.stringify(p)}]`).join("")}` : name;
        throw badRequest(`Invalid ${at}: ${issue.message}`);
      }
      accepted = r.data;
    }
    return cache !== undefined && accepted !== undefined ? cache.remember(raw, deepFreeze(accepted)) : accepted;
  }

  json<S extends z.ZodType>(name: string, schema: S): z.infer<S> {
    const v = this.optJson(name, schema);
    if (v === undefined) throw missingParam(name);
    return v;
  }

  /** Every key the request sent (read or not). */
  names(): string[] {
    return [...this.values.keys()];
  }

  /** Keys the handler never read, sorted: the FL167 `ignored_parameters_unsupported` list. */
  ignored(): string[] {
    // Only present keys are ever marked read: as many read as given, and none was ignored (most requests).
    if (this.read.size === this.values.size) return [];
    return [...this.values.keys()].filter((k) => !this.read.has(k)).sort();
  }
}
