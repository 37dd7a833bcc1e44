import type { Runtime } from "../../runtime.ts";

/** The typing protocol's timing constants in POST /register (FL204), real servers' defaults (wire §8.4). */
export function typingConstants(rt: Runtime): Record<string, number> {
  if (!rt.fl.has("typingTimingConstants")) return {};
  return {
    server_typing_started_expiry_period_milliseconds: 45_000,
    server_typing_stopped_wait_period_milliseconds: 12_000,
    server_typing_started_wait_period_milliseconds: 30_000,
  };
}
