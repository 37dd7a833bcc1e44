import { z } from "zod";
import { publishStreamUpdate } from "../../events/stream.ts";
import { channelAudience } from "../../events/stream.ts";
import { badRequest } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route } from "../../runtime.ts";
import type { Channel } from "../../state/types.ts";
import { channelFromPath } from "./lookup.ts";
import { addDefaultChannel, removeDefaultChannel } from "./default-channels.ts";
import { postPolicy } from "../../wire/channel.ts";
import { applyPostPolicy, readGroupSettings, readPostPolicy } from "./settings-params.ts";

const notAllowed = () => badRequest("You do not have permission to administer this channel.");

interface Change {
  property: string;
  value: unknown;
  apply: () => void;
  /** Needs content access (privacy, can_add_subscribers_group) even where metadata access suffices (FL349). */
  content: boolean;
  extra?: () => Record<string, unknown>;
}

/** The privacy parameters: is_private, is_web_public, history_public_to_subscribers (content access always). */
function privacyChanges(ctx: RequestContext, channel: Channel): Change[] {
  const { params } = ctx;
  const out: Change[] = [];
  const isPrivate = params.optBool("is_private");
  const webPublic = params.optBool("is_web_public");
  const history = params.optBool("history_public_to_subscribers");
  if (isPrivate === undefined && webPublic === undefined && history === undefined) return out;
  const next = { invite_only: isPrivate ?? channel.inviteOnly, is_web_public: webPublic ?? (isPrivate ? false : channel.isWebPublic) };
  const historyPublic = history ?? (next.invite_only ? channel.historyPublicToSubscribers : true);
  if (!next.invite_only && !historyPublic) throw badRequest("Invalid parameters");
  out.push({
    property: "invite_only",
    value: next.invite_only,
    content: !ctx.rt.faulty("fl349.channels.privacy-needs-content-access"),
    apply: () => Object.assign(channel, { inviteOnly: next.invite_only, isWebPublic: next.is_web_public, historyPublicToSubscribers: historyPublic }),
    extra: () => ({ history_public_to_subscribers: channel.historyPublicToSubscribers, is_web_public: channel.isWebPublic }),
  });
  return out;
}

/** Every change the request asks for, validated, not yet applied. */
function requestedChanges(ctx: RequestContext, channel: Channel): Change[] {
  const { rt, params } = ctx;
  const out: Change[] = [];
  const name = params.optStr("new_name")?.trim();
  if (name !== undefined && name !== channel.name) {
    if (name === "" || [...name].length > 60) throw badRequest("Invalid channel name");
    if (rt.store.channelByName(name)) throw badRequest(`Channel name '${name}' is already taken.`);
    out.push({ property: "name", value: name, content: false, apply: () => rt.store.renameChannel(channel, name) });
  }
  const description = params.optStr("description");
  if (description !== undefined) {
    out.push({
      property: "description",
      value: description,
      content: false,
      apply: () => (channel.description = description),
      extra: () => ({ rendered_description: `<p>${description}</p>` }),
    });
  }
  out.push(...privacyChanges(ctx, channel));
  const policy = readPostPolicy(ctx);
  if (policy !== undefined) {
    out.push({ property: "stream_post_policy", value: policy, content: false, apply: () => applyPostPolicy(ctx, channel, policy) });
  }
  for (const { def, value } of readGroupSettings(ctx, channel)) {
    out.push({ property: def.name, value, content: def.needsContent, apply: () => (channel.groups[def.key] = value) });
  }
  return out;
}

/**
 * PATCH /streams/{stream_id}: channel administrators change the channel's settings. Before FL349 every change
 * but an organization administrator's renaming needs content access; from FL349 metadata access suffices except
 * for privacy and can_add_subscribers_group (access/channels.ts). is_default_stream (FL200) is for organization
 * administrators. Each change sends a stream update event to those who hear of the channel.
 */
function updateStream(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  const channel = channelFromPath(ctx);
  const access = rt.access.channels;
  const isDefault = rt.fl.has("isDefaultStreamPatch") ? params.optJson("is_default_stream", z.boolean()) : undefined;
  const changes = requestedChanges(ctx, channel);
  for (const c of changes) {
    const renamingAsAdmin = (c.property === "name" || c.property === "description") && rt.access.hasAdminRights(user) && access.metadata(user, channel);
    if (!renamingAsAdmin && !access.administer(user, channel, c.content)) throw notAllowed();
  }
  if (isDefault !== undefined && !rt.access.hasAdminRights(user)) throw notAllowed();
  const before = channelAudience(rt, channel, false);
  for (const c of changes) c.apply();
  if (isDefault !== undefined) (isDefault ? addDefaultChannel : removeDefaultChannel)(rt, channel);
  const audience = [...new Set([...before, ...channelAudience(rt, channel, false)])];
  for (const c of changes) publishStreamUpdate(rt, channel, c.property, c.value, audience, c.extra?.() ?? {});
  if (changes.some((c) => c.property === "can_send_message_group") && rt.fl.has("streamPostPolicyApproximated")) {
    publishStreamUpdate(rt, channel, "stream_post_policy", postPolicy(rt, channel), audience);
  }
  return {};
}

export const routes: Route[] = [authed("PATCH", "/streams/:stream_id(^\\d+$)", updateStream)];
