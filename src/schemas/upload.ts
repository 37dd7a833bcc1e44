import { z } from "zod";

/** An upload's address: a path under /user_uploads/, relative to the server's root (wire §13). */
export const UploadAddress = z.string().regex(/^\/user_uploads\/\S+$/, "a /user_uploads/ path");

/**
 * The POST /user_uploads response (wire §13): `uri` (deprecated from FL272), `url` (FL272) and `filename` (FL286).
 * Which of them a level must send is the tests' business; each is validated when present.
 */
export const UploadResponse = z.looseObject({
  uri: UploadAddress.optional(),
  url: UploadAddress.optional(),
  filename: z.string().min(1).optional(),
});
export type UploadResponse = z.infer<typeof UploadResponse>;

/** The JSON body of the request that completes a tus upload (FL295, wire §15). */
export const TusCompletion = z.looseObject({
  url: UploadAddress,
  filename: z.string().min(1),
});
export type TusCompletion = z.infer<typeof TusCompletion>;
