import type { Fault } from "./fault.ts";

/** Calls: each fault breaks one clause (see ../faults.ts). */
export const callsFaults = {
  "fl206.calls.provider-one-is-video-call": {
    clause: "fl206.calls.provider-one-is-video-call",
    description: "POST /calls/provider_one/create ignores is_video_call, as before FL206",
    flips: "callProviderOneIsVideoCall",
  },
  "fl337.calls.provider-two-voice-only": {
    clause: "fl337.calls.provider-two-voice-only",
    description: "POST /calls/provider_two/create ignores voice_only, as before FL337",
    flips: "callProviderTwoVoiceOnly",
  },
} as const satisfies Record<string, Fault>;
