import { z } from "zod";
import { checkValue, GroupSettingUpdateSchema, normalize, sameValue } from "../../access/group-settings.ts";
import type { GroupSettingValue } from "../../state/group-setting-value.ts";
import { settingExpectationMismatch } from "../../errors/registry.ts";
import type { RequestContext } from "../../runtime.ts";
import { CHANNEL_SETTINGS, channelSettingOn, POST_POLICY_GROUP, type ChannelSettingDef } from "../../state/channel-settings.ts";
import type { Channel } from "../../state/types.ts";
import { laterNames } from "../../zulip-levels.ts";

export interface SettingChange {
  def: ChannelSettingDef;
  value: GroupSettingValue;
}

/**
 * The name a request sets the setting under: the spec's or its alias; under `--product zulip` the one name a real
 * server of the emulated level reads (the other is an ignored parameter).
 */
function requestName({ rt, params }: RequestContext, def: ChannelSettingDef): string {
  if (rt.config.product === "zulip") return laterNames(rt.fl).get(def.name) ?? def.name;
  return !params.has(def.name) && def.alias !== undefined && params.has(def.alias) ? def.alias : def.name;
}

/**
 * The channel permission settings a request sets, each under its own level switch: creation takes a plain
 * group-setting value, PATCH /streams/{stream_id} `{new, old?}` (wire §11; both forms are accepted either way).
 * `old` that does not match the current value is 400 EXPECTATION_MISMATCH.
 */
export function readGroupSettings(ctx: RequestContext, current: Channel | undefined): SettingChange[] {
  const { rt, params } = ctx;
  const out: SettingChange[] = [];
  for (const def of CHANNEL_SETTINGS) {
    if (!channelSettingOn(rt, def, "param")) continue;
    const name = requestName(ctx, def);
    const raw = params.optJson(name, GroupSettingUpdateSchema);
    if (raw === undefined) continue;
    const update = typeof raw === "object" && "new" in raw ? raw : { new: raw as GroupSettingValue, old: undefined };
    checkValue(rt.store, def.name, update.new);
    if (current && update.old !== undefined && !sameValue(normalize(rt.store, update.old), current.groups[def.key])) {
      throw settingExpectationMismatch();
    }
    out.push({ def, value: normalize(rt.store, update.new) });
  }
  return out;
}

/**
 * Before FL333: stream_post_policy (1–4) or is_announcement_only (true: 2), which also set who may post. From
 * FL333 both are unread (fl333.channels.stream-post-policy-param-removed). Undefined when the request sets neither.
 */
export function readPostPolicy(ctx: RequestContext): number | undefined {
  const { rt, params } = ctx;
  if (rt.fl.has("streamPostPolicyParamRemoved")) return undefined;
  const policy = params.optJson("stream_post_policy", z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]));
  const announcement = params.optBool("is_announcement_only");
  return policy ?? (announcement === undefined ? undefined : announcement ? 2 : 1);
}

/** Applies a stream_post_policy to the channel: the code, and the system group it means. */
export function applyPostPolicy(ctx: RequestContext, channel: Channel, policy: number): void {
  channel.streamPostPolicy = policy;
  channel.groups.can_send_message_group = ctx.rt.store.groups.system(POST_POLICY_GROUP[policy]!).id;
}
