import { z } from "zod";

/**
 * An entry of register's realm_incoming_webhook_bots (reference §7.11): display_name and all_event_types are
 * FL207's, config_options FL318's; which level must send them is the tests' business.
 */
export const IncomingWebhookBot = z.looseObject({
  name: z.string().min(1),
  display_name: z.string().optional(),
  all_event_types: z.array(z.string()).nullable().optional(),
  config_options: z.array(z.looseObject({ key: z.string(), label: z.string(), validator: z.string() })).optional(),
});
