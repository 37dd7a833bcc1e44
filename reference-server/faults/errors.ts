import type { Fault } from "./fault.ts";

/** Errors: the error envelope and its codes; each fault breaks one clause (see ../faults.ts). */
export const errorsFaults = {
  "fl211.errors.result-success-or-error": {
    clause: "fl211.errors.result-success-or-error",
    description: "POST /mark_all_as_read answers result partially_completed, as servers could before FL211",
  },
  "fl153.errors.error-envelope": {
    clause: "fl153.errors.error-envelope",
    description: "error responses carry result and msg but no code",
  },
  "fl153.errors.forbidden-action": {
    clause: "fl153.errors.forbidden-action",
    description: "PATCH /realm skips the administrator check, so a member renames the organization",
  },
} as const satisfies Record<string, Fault>;
