import { z } from "zod";

/** The call-creation endpoints' answer (wire §15): the meeting's URL. */
export const MeetingResponse = z.looseObject({ url: z.url() });
