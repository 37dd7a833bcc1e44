import { z } from "zod";
import { Linkifier } from "../linkifier.ts";

/** `realm_linkifiers`: the whole list after a change (FL176: only to clients with linkifier_url_template). */
export const RealmLinkifiersEvent = z.looseObject({ id: z.number().int(), type: z.literal("realm_linkifiers"), realm_linkifiers: z.array(Linkifier) });
