import { z } from "zod";

/** Every success response (wire §4): `result: "success"`, `msg`, and FL167's ignored_parameters_unsupported when non-empty. */
export const SuccessEnvelope = z.looseObject({
  result: z.literal("success"),
  msg: z.string(),
  ignored_parameters_unsupported: z.array(z.string()).min(1).optional(),
});

/** Every error response (wire §4): `result: "error"`, a `msg` for people and a `code` for programs. */
export const ErrorEnvelope = z.looseObject({
  result: z.literal("error"),
  msg: z.string(),
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/, "an upper-case error code"),
});
