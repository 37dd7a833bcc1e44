import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import { MeetingResponse } from "../../src/schemas/meeting.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

/**
 * The spec's endpoints; against a `zulip` target the client goes to the real ones (facts/names.ts): POST
 * /calls/zoom/create, and GET /calls/bigbluebutton/create (wire §17.1, §17.2 #11).
 */
const providerOne = (t: TestContext, params: ParamMap) => t.api("member").post("/calls/provider_one/create", params);
const providerTwo = (t: TestContext, params: ParamMap) => t.api("member").post("/calls/provider_two/create", params);

behaviour(
  "fl206.calls.provider-one-is-video-call",
  "provider one takes the boolean is_video_call from FL206 (validated) and returns the meeting URL",
  {
    id: "fl206.calls.provider-one-is-video-call#provider-one-takes-the-boolean-is-video-call-from-fl206-validated-and-returns-the-meeting-url",
    gate: "always" as const,
  },
  async (t) => {
    if (!t.fl.atLeast(206)) {
      const res = await providerOne(t, { is_video_call: "maybe" });
      t.expect.schema(MeetingResponse, t.expect.success(res, "provider one with an unread is_video_call"), res.exchange);
      return;
    }
    const res = await providerOne(t, { is_video_call: false });
    t.expect.schema(MeetingResponse, t.expect.success(res, "provider one with is_video_call false"), res.exchange);
    t.expect.error(await providerOne(t, { is_video_call: "maybe" }), 400, "BAD_REQUEST");
  },
);

behaviour(
  "fl337.calls.provider-two-voice-only",
  "provider two takes the boolean voice_only from FL337 (validated) and returns the meeting URL",
  {
    id: "fl337.calls.provider-two-voice-only#provider-two-takes-the-boolean-voice-only-from-fl337-validated-and-returns-the-meeting-url",
    gate: "always" as const,
  },
  async (t) => {
    const meeting_name = t.unique("meeting");
    if (!t.fl.atLeast(337)) {
      const res = await providerTwo(t, { meeting_name, voice_only: "maybe" });
      t.expect.schema(MeetingResponse, t.expect.success(res, "provider two with an unread voice_only"), res.exchange);
      return;
    }
    const res = await providerTwo(t, { meeting_name, voice_only: true });
    t.expect.schema(MeetingResponse, t.expect.success(res, "provider two with voice_only true"), res.exchange);
    t.expect.error(await providerTwo(t, { meeting_name, voice_only: "maybe" }), 400, "BAD_REQUEST");
  },
);
