import { z } from "zod";
import type { Capabilities } from "../../wire/capabilities.ts";
import type { FeatureLevel } from "../../levels.ts";

/**
 * client_capabilities (wire §8.2): one JSON object of booleans. notification_settings_null is required whenever
 * the object is sent; unknown keys are dropped; a capability the emulated level does not know is off.
 */
export const CapabilitiesSchema = z.looseObject({ notification_settings_null: z.boolean() }).superRefine((obj, ctx) => {
  for (const [k, v] of Object.entries(obj)) if (typeof v !== "boolean") ctx.addIssue({ code: "custom", message: "must be a boolean", path: [k] });
});

export function capabilitiesFor(fl: FeatureLevel, raw: Record<string, unknown> | undefined): Capabilities {
  const on = (key: string) => raw?.[key] === true;
  return {
    notification_settings_null: on("notification_settings_null"),
    bulk_message_deletion: on("bulk_message_deletion"),
    user_avatar_url_field_optional: on("user_avatar_url_field_optional"),
    stream_typing_notifications: on("stream_typing_notifications"),
    user_settings_object: on("user_settings_object"),
    linkifier_url_template: fl.has("linkifierUrlTemplateCapability") && on("linkifier_url_template"),
    user_list_incomplete: fl.has("userListIncompleteCapability") && on("user_list_incomplete"),
    include_deactivated_groups: fl.has("includeDeactivatedGroupsCapability") && on("include_deactivated_groups"),
    /** Not in the spec: archived channels are not modelled, so the capability changes nothing. */
    archived_channels: on("archived_channels"),
    empty_topic_name: fl.has("emptyTopicNameCapability") && on("empty_topic_name"),
  };
}
