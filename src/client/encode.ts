/**
 * Parameter encoding as real clients do it (wire §3): strings go raw; every other value is JSON text
 * (booleans `true`/`false`, numbers, lists, objects). Undefined values are left out.
 */
export type ParamValue = string | number | boolean | null | readonly unknown[] | Record<string, unknown> | undefined;
export type ParamMap = Record<string, ParamValue>;

export function encodeParams(params: ParamMap): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    out.push([k, typeof v === "string" ? v : JSON.stringify(v)]);
  }
  return out;
}
