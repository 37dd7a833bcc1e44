import type { FeatureLevel, LevelSwitchName } from "../levels.ts";
import { zulipHas, type ZulipLevelName } from "../zulip-levels.ts";
import type { SystemGroupName } from "./groups.ts";
import type { ChannelGroups } from "./types.ts";

export type ChannelGroupSetting = keyof ChannelGroups;

/** One permission setting of a channel: a group-setting value (wire §11). */
export interface ChannelSettingDef {
  /** The name in channel objects, stream/update events and requests. */
  name: string;
  /** Where the value is stored on the channel record. */
  key: ChannelGroupSetting;
  /** Another request name the reference server also accepts (the real servers' later name). */
  alias?: string;
  default: SystemGroupName;
  /** Under which switch channel objects carry it, and under which requests may set it. */
  field: LevelSwitchName;
  param: LevelSwitchName;
  /** Under `--product zulip`, the Zulip switch from which channel objects carry it and requests set it, for both. */
  zulipFrom?: ZulipLevelName;
  /** Changing it needs content access even where metadata access suffices for the rest (FL349). */
  needsContent: boolean;
}

/**
 * The channel permission settings the reference server models (data: serializers, POST /users/me/subscriptions
 * and PATCH /streams/{stream_id} all read this table). can_remove_subscribers_group_id keeps the spec's name
 * (catalog ruling on fl161.channels.can-remove-subscribers-group-field); the real name is accepted too.
 */
export const CHANNEL_SETTINGS: readonly ChannelSettingDef[] = [
  {
    name: "can_remove_subscribers_group_id",
    key: "can_remove_subscribers_group",
    alias: "can_remove_subscribers_group",
    default: "role:administrators",
    field: "canRemoveSubscribersGroupField",
    param: "canRemoveSubscribersGroupParam",
    needsContent: false,
  },
  {
    name: "can_send_message_group",
    key: "can_send_message_group",
    default: "role:everyone",
    field: "canSendMessageGroupField",
    param: "canSendMessageGroupParam",
    needsContent: false,
  },
  {
    name: "can_administer_channel_group",
    key: "can_administer_channel_group",
    default: "role:nobody",
    field: "canAdministerChannelGroup",
    param: "canAdministerChannelGroup",
    zulipFrom: "channelCanAdministerChannelGroup",
    needsContent: false,
  },
  {
    name: "can_add_subscribers_group",
    key: "can_add_subscribers_group",
    default: "role:nobody",
    field: "channelCanAddSubscribersGroup",
    param: "channelCanAddSubscribersGroup",
    needsContent: true,
  },
];

/**
 * Whether the emulated server has the setting: in channel objects (`field`) or in requests (`param`). What it
 * grants stays under the spec's switches.
 */
export function channelSettingOn(rt: { fl: FeatureLevel; config: { product: string } }, def: ChannelSettingDef, where: "field" | "param"): boolean {
  if (rt.config.product === "zulip" && def.zulipFrom !== undefined) return zulipHas(rt.fl, def.zulipFrom);
  return rt.fl.has(def[where]);
}

/** stream_post_policy codes (wire §12) and the system group each one means. */
export const POST_POLICY_GROUP: Readonly<Record<number, SystemGroupName>> = {
  1: "role:everyone",
  2: "role:administrators",
  3: "role:fullmembers",
  4: "role:moderators",
};
