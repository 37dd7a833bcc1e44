import type { FaultId } from "../faults.ts";
import type { FeatureLevel } from "../levels.ts";
import type { Store } from "../state/store.ts";
import { ROLE, type Message, type User } from "../state/types.ts";
import { holds } from "./group-settings.ts";
import type { GroupSettingValue } from "../state/group-setting-value.ts";
import { policyAllows } from "./policies.ts";

/**
 * Seconds allowed past each edit and move limit. Real servers allow 20 (network and UI slack); the spec states the
 * limits exactly, and the reference server applies them exactly (tests wait out the real servers' slack).
 */
export const EDIT_GRACE_SECONDS = 0;
/** Before FL162 the topic-edit limit for users below moderator was fixed at 72 hours. */
const FIXED_TOPIC_EDIT_LIMIT_SECONDS = 72 * 3600;

/** What a move changes: the topic, the channel, or both. */
export interface MoveAsk {
  topic: boolean;
  channel: boolean;
}

const noTopic = (m: Message) => m.topic === "" || m.topic === "(no topic)";

/**
 * Who may edit, move and delete messages, and until when (PATCH and DELETE /messages/{message_id}). Each method
 * answers null when allowed, or the refusal's message (the handler turns it into 400 BAD_REQUEST).
 */
export class MessageEditRules {
  constructor(
    private readonly store: Store,
    private readonly fl: FeatureLevel,
    private readonly faulty: (id: FaultId) => boolean,
  ) {}

  private setting<T>(name: string): T {
    return this.store.settings.get(name) as T;
  }

  /** Organization administrators and moderators: exempt from the move limits (FL162). */
  privileged(user: User): boolean {
    return user.role <= ROLE.moderator && !this.faulty("fl162.messages.move-limits-exempt-privileged");
  }

  /** Content edits: the realm allows editing, the user sent the message, and its edit limit has not passed. */
  contentRefusal(user: User, message: Message, now: number): string | null {
    if (!this.setting<boolean>("allow_message_editing")) return "Your organization has turned off message editing";
    if (message.senderId !== user.id && !this.faulty("fl153.messages.edit-content-sender-only")) return "You don't have permission to edit this message";
    const limit = this.setting<number | null>("message_content_edit_limit_seconds");
    if (limit !== null && now - message.timestamp > limit + EDIT_GRACE_SECONDS) return "The time limit for editing this message's content has passed";
    return null;
  }

  /** Whether restrictions apply at all: before FL172 anyone could give a topic to a message without one. */
  private unrestricted(message: Message): boolean {
    return noTopic(message) && !this.fl.has("topicRestrictionsWithoutTopic");
  }

  /** Permission (not time) to move messages as asked: the topic and channel settings of the level. */
  moveRefusal(user: User, message: Message, ask: MoveAsk): string | null {
    if (!this.fl.has("moveIndependentOfMessageEditing") && !this.setting<boolean>("allow_message_editing"))
      return "Your organization has turned off message editing";
    if (ask.topic && !this.unrestricted(message) && !this.mayMoveTopics(user)) return "You don't have permission to edit this message";
    if (ask.channel && !this.mayMoveChannels(user)) return "You don't have permission to move this message";
    return null;
  }

  private mayMoveTopics(user: User): boolean {
    if (this.fl.has("moveTopicsGroupEnforced"))
      return holds(this.store.groups, user, this.setting<GroupSettingValue>("can_move_messages_between_topics_group"));
    return policyAllows(this.store, user, this.setting<number>("edit_topic_policy"));
  }

  private mayMoveChannels(user: User): boolean {
    if (this.faulty("fl310.realm.can-move-messages-between-channels-group-enforced")) return true;
    if (this.fl.has("moveChannelsGroupEnforced"))
      return holds(this.store.groups, user, this.setting<GroupSettingValue>("can_move_messages_between_channels_group"));
    return policyAllows(this.store, user, this.setting<number>("move_messages_between_streams_policy"));
  }

  /** Seconds after sending past which the user may no longer move the message as asked (grace included); null: no limit. */
  moveDeadline(user: User, message: Message, ask: MoveAsk): number | null {
    if (this.privileged(user) || this.unrestricted(message)) return null;
    const limits: number[] = [];
    if (ask.topic) {
      const configurable = this.fl.has("topicEditTimeLimitSetting");
      const limit = configurable ? this.setting<number | null>("move_messages_within_stream_limit_seconds") : FIXED_TOPIC_EDIT_LIMIT_SECONDS;
      const senderExempt = message.senderId === user.id && !this.fl.has("senderTopicEditLimited");
      if (limit !== null && !senderExempt) limits.push(limit);
    }
    if (ask.channel && this.fl.has("channelMoveTimeLimit")) {
      const limit = this.setting<number | null>("move_messages_between_streams_limit_seconds");
      if (limit !== null) limits.push(limit);
    }
    return limits.length === 0 ? null : Math.min(...limits) + EDIT_GRACE_SECONDS;
  }

  /** Deletion: administrators any message; others their own (and their bots'), as the realm's setting and limit allow. */
  deleteRefusal(user: User, message: Message, now: number): string | null {
    if (user.role <= ROLE.administrator) return null;
    const sender = this.store.users.get(message.senderId);
    const own = message.senderId === user.id || sender?.botOwnerId === user.id;
    if (!own && !this.faulty("fl153.messages.delete-message")) return "You don't have permission to delete this message";
    if (!this.mayDeleteOwn(user)) return "You don't have permission to delete this message";
    const limit = this.setting<number | null>("message_content_delete_limit_seconds");
    if (limit !== null && now - message.timestamp > limit) return "The time limit for deleting this message has passed";
    return null;
  }

  private mayDeleteOwn(user: User): boolean {
    if (this.fl.has("deleteOwnGroupEnforced")) return holds(this.store.groups, user, this.setting<GroupSettingValue>("can_delete_own_message_group"));
    return policyAllows(this.store, user, this.setting<number>("delete_own_message_policy"));
  }
}
