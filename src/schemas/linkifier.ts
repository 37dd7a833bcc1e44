import { z } from "zod";

/** A linkifier (FL176 on): a pattern and an RFC 6570 URL template. */
export const Linkifier = z.strictObject({ pattern: z.string(), url_template: z.string(), id: z.number().int() });
export type Linkifier = z.infer<typeof Linkifier>;

/** A linkifier before FL176: a pattern and a URL format string. */
export const LegacyLinkifier = z.strictObject({ pattern: z.string(), url_format_string: z.string(), id: z.number().int() });

/** GET /realm/linkifiers. */
export const LinkifiersResponse = z.looseObject({ linkifiers: z.array(z.union([Linkifier, LegacyLinkifier])) });
