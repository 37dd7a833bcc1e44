import { z } from "zod";

/** A code playground: url_template (an RFC 6570 template) on newer servers, url_prefix on older ones. */
export const Playground = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  pygments_language: z.string(),
  url_template: z.string().optional(),
  url_prefix: z.string().optional(),
});

/** `realm_playgrounds`: the organization's whole list after a change (to every user). */
export const RealmPlaygroundsEvent = z.looseObject({ id: z.number().int(), type: z.literal("realm_playgrounds"), realm_playgrounds: z.array(Playground) });
