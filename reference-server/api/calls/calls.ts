import { randomBytes } from "node:crypto";
import { authed, type RequestContext, type Route } from "../../runtime.ts";

/** The reference server fakes both call providers: each request gets a fresh, plausible meeting URL. */
const meetingId = (): string => BigInt(`0x${randomBytes(5).toString("hex")}`).toString();

/** POST /calls/provider_one/create (real: /calls/zoom/create) → {url}; is_video_call from FL206 (default true). */
function createProviderOneCall(ctx: RequestContext): Record<string, unknown> {
  const { rt, params } = ctx;
  const video = rt.fl.has("callProviderOneIsVideoCall") ? params.bool("is_video_call", true) : true;
  return { url: `https://zoom.example/j/${meetingId()}${video ? "" : "?video=off"}` };
}

/**
 * POST /calls/provider_two/create (real: GET /calls/bigbluebutton/create) → {url}: meeting_name is required;
 * voice_only from FL337 (default false).
 */
function createProviderTwoCall(ctx: RequestContext): Record<string, unknown> {
  const { rt, params } = ctx;
  const name = params.str("meeting_name");
  const voiceOnly = rt.fl.has("callProviderTwoVoiceOnly") ? params.bool("voice_only", false) : false;
  const query = new URLSearchParams({ meeting_name: name, id: meetingId(), ...(voiceOnly ? { voice_only: "true" } : {}) });
  return { url: `${rt.url}/calls/bigbluebutton/join?${query.toString()}` };
}

/** The spec's paths; `--product zulip` serves them at the real product's (facts/names.ts). */
export const routes: Route[] = [
  authed("POST", "/calls/provider_one/create", createProviderOneCall),
  authed("POST", "/calls/provider_two/create", createProviderTwoCall),
];
