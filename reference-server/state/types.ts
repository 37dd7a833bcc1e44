/** The reference server's records: what the store holds. Wire shapes are made from these by the serializers. */

export const ROLE = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];

export interface User {
  id: number;
  /** The real ("delivery") email, used for authentication. */
  email: string;
  fullName: string;
  role: Role;
  isActive: boolean;
  isBot: boolean;
  botType: number | null;
  botOwnerId: number | null;
  apiKey: string;
  dateJoined: number;
  timezone: string;
  /** Persona role from the fixtures, if any. */
  persona?: string;
  /** Set for users created with POST /users: what POST /fetch_api_key checks. */
  password?: string;
  /** false: the seed withholds the permission POST /users needs (Zulip's can_create_users); unset, administrators hold it. */
  canCreateUsers?: boolean;
}

export interface Channel {
  id: number;
  name: string;
  description: string;
  inviteOnly: boolean;
  isWebPublic: boolean;
  historyPublicToSubscribers: boolean;
  isDefault: boolean;
  isArchived: boolean;
  dateCreated: number;
  creatorId: number | null;
  recipientId: number;
  firstMessageId: number | null;
  /** The channel's permission settings (state/channel-settings.ts), group-setting values by name. */
  groups: ChannelGroups;
  /** The policy code stream_post_policy set before FL333 (1 anyone, 2 admins, 3 full members, 4 moderators). */
  streamPostPolicy: number;
}

/** A channel's group-setting values (the names of CHANNEL_GROUP_SETTINGS). */
export type ChannelGroups = Record<
  "can_remove_subscribers_group" | "can_send_message_group" | "can_administer_channel_group" | "can_add_subscribers_group",
  number | { direct_members: number[]; direct_subgroups: number[] }
>;

export type MessageType = "stream" | "private";

export interface Reaction {
  emojiName: string;
  emojiCode: string;
  reactionType: "unicode_emoji" | "realm_emoji" | "zulip_extra_emoji";
  userId: number;
}

export interface Message {
  id: number;
  senderId: number;
  type: MessageType;
  /** Channel messages only. */
  channelId: number | null;
  /** Channel messages: the topic as sent ("" is the empty topic from FL334). Direct messages: "". */
  topic: string;
  /** Direct messages: every participant, sender included, sorted. */
  dmUserIds: number[];
  recipientId: number;
  content: string;
  renderedContent: string;
  timestamp: number;
  client: string;
  reactions: Reaction[];
  lastEditTimestamp: number | null;
  lastMovedTimestamp: number | null;
}
