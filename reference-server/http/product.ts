/** With `--product zulip`, keys the spec writes `chat_…` are sent as the real product names them (wire §17.1). */
export function renameProductKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(renameProductKeys) as T;
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k.replace(/(^|_)chat_/, "$1zulip_")] = renameProductKeys(v);
  }
  return out as T;
}
