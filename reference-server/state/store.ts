import { apiKeyFor, IdSequence } from "./ids.ts";
import type { SortedIds } from "./sorted-ids.ts";
import { conversationKey, MessageIndex } from "./message-index.ts";
import { MessageFlags } from "./message-flags.ts";
import { UserTopics } from "./user-topics.ts";
import { Groups } from "./groups.ts";
import { RealmValues } from "./realm-values.ts";
import { ScheduledMessages } from "./scheduled.ts";
import { Submessages } from "./submessages.ts";
import { Attachments } from "./attachments.ts";
import { EditHistory } from "./edit-history.ts";
import { UserSettings } from "./user-settings.ts";
import { DmPartners } from "./dm-partners.ts";
import { Subscriptions, type SubscriptionProperties } from "./subscriptions.ts";
import { Invites } from "./invites.ts";
import { RealmExports } from "./exports.ts";
import { OutgoingWebhooks } from "./outgoing-webhooks.ts";
import { PushDevices } from "./push-devices.ts";
import { PushBouncer } from "./push-bouncer.ts";
import { PushStatus } from "./push-status.ts";
import { Uploads } from "./uploads.ts";
import { OnboardingSteps } from "./onboarding.ts";
import { Presence } from "./presence.ts";
import { Thumbnails } from "./thumbnails.ts";
import { Linkifiers } from "./linkifiers.ts";
import { ProfileFields } from "./profile-fields.ts";
import { RealmEmojiSet } from "./realm-emoji.ts";
import { RealmStatus } from "./realm-status.ts";
import { Playgrounds } from "./playgrounds.ts";
import { TemporaryUrls } from "./temporary-urls.ts";
import { Drafts } from "./drafts.ts";
import { SavedSnippets } from "./saved-snippets.ts";
import { AlertWords } from "./alert-words.ts";
import { MutedUsers } from "./muted-users.ts";
import { FragmentCache } from "./fragments.ts";
import { ROLE, type Channel, type Message, type Role, type User } from "./types.ts";
import type { RealmFixture } from "./fixture-schema.ts";
import { CHANNEL_SETTINGS } from "./channel-settings.ts";
import type { ChannelGroups } from "./types.ts";

/** A new channel's permission settings: each setting's default system group. */
function defaultChannelGroups(groups: Groups): ChannelGroups {
  return Object.fromEntries(CHANNEL_SETTINGS.map((d) => [d.key, groups.system(d.default).id])) as ChannelGroups;
}

/** The organization's fixed facts; its settings are in `Store.settings`. */
export interface RealmSettings {
  stringId: string;
  emptyTopicDisplayName: string;
  dateCreated: number;
  /** The organization's plan (plan_type): 1 self-hosted, 2 limited, 3 standard, 4 standard free, … Only the server changes it. */
  planType: number;
}

/**
 * All state of one reference server, in one place, with the indexes the hot paths need:
 * users by id, email and API key; channels by id and name; subscriptions both ways;
 * messages by id, by channel, by topic, by direct conversation, and each user's received messages with flags.
 */
export class Store {
  readonly realm: RealmSettings;
  readonly groups: Groups;
  /** The organization's settings (REALM_SETTINGS): name, description, permissions and the rest. */
  readonly settings: RealmValues;
  /** The uploaded files (POST /user_uploads, finished tus uploads), by address, with the space they use. */
  readonly uploads = new Uploads();
  /** Submessages (widgets) by message, and the undelivered scheduled messages. */
  readonly submessages = new Submessages();
  readonly scheduled = new ScheduledMessages();
  readonly users = new Map<number, User>();
  /** System bots (addSystemBot), by id. */
  readonly systemBots = new Map<number, User>();
  private readonly usersByEmail = new Map<string, User>();
  private readonly usersByApiKey = new Map<string, User>();
  readonly channels = new Map<number, Channel>();
  private readonly channelsByName = new Map<string, Channel>();
  /** Subscriptions, indexed by channel and by user. */
  private readonly subs = new Subscriptions();

  readonly messages = new Map<number, Message>();
  /** The message lists narrows start from (by channel, topic, conversation, receiver, sender). */
  private readonly index = new MessageIndex();
  readonly allMessageIds = this.index.all;
  /** Each user's message flags, with the unread, starred and mention indexes and the unread groups. */
  readonly flags = new MessageFlags((id) => unreadPlaceOf(this.messages.get(id)));
  /** Messages' JSON as each kind of client sees it (derived; emptied whenever state may change). */
  readonly fragments = new FragmentCache();
  /** Each user's topic visibility policies and muted channels. */
  readonly userTopics = new UserTopics();
  /** Each user's settings (USER_SETTINGS) and the organization's defaults; who shared a direct message with whom. */
  readonly userSettings = new UserSettings();
  readonly dmPartners = new DmPartners();
  /** Each user's read onboarding steps (hotspots, one-time notices). */
  readonly onboarding = new OnboardingSteps();
  /** Each user's presence and status. */
  readonly presence = new Presence();
  /** Which uploaded images have thumbnails (messages render placeholders until then). */
  readonly thumbnails = new Thumbnails();
  /** The organization's linkifiers, custom profile fields and custom emoji, and whether it is still active. */
  readonly linkifiers = new Linkifiers();
  readonly profileFields = new ProfileFields();
  readonly realmEmoji = new RealmEmojiSet();
  readonly realmStatus = new RealmStatus();
  /** The organization's code playgrounds; the tokens of temporary download URLs (GET /user_uploads/{realm_id_str}/{filename}). */
  readonly playgrounds = new Playgrounds();
  readonly temporaryUrls = new TemporaryUrls();
  /** Each user's synced drafts, saved snippets, alert words and muted users. */
  readonly drafts = new Drafts();
  readonly savedSnippets = new SavedSnippets();
  readonly alertWords = new AlertWords();
  readonly mutedUsers = new MutedUsers();
  /** Open email invitations and reusable links; the organization's data exports; outgoing-webhook bots' services. */
  readonly invites = new Invites();
  readonly exports = new RealmExports();
  readonly outgoingWebhooks = new OutgoingWebhooks();
  readonly pushDevices = new PushDevices();
  readonly pushBouncer = new PushBouncer();
  readonly pushStatus = new PushStatus();

  private readonly userIds = new IdSequence(8);
  private readonly channelIds = new IdSequence(3);
  private messageIds = new IdSequence(100);
  private readonly recipientIds = new IdSequence(1);
  private readonly conversationRecipients = new Map<string, number>();
  private readonly userRecipients = new Map<number, number>();

  constructor(
    readonly seed: string,
    fixture: RealmFixture,
    readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    const now = this.clock();
    this.groups = new Groups(now);
    this.settings = new RealmValues(this.groups);
    this.settings.set("name", fixture.realm.name);
    this.settings.set("description", fixture.realm.description);
    this.realm = {
      stringId: fixture.realm.string_id,
      emptyTopicDisplayName: fixture.realm.empty_topic_display_name,
      dateCreated: now,
      planType: 1,
    };
  }

  addUser(u: { email: string; fullName: string; role: Role; isBot: boolean; botType: number | null }): User {
    const user: User = {
      id: this.userIds.take(),
      email: u.email,
      fullName: u.fullName,
      role: u.role,
      isActive: true,
      isBot: u.isBot,
      botType: u.botType,
      botOwnerId: null,
      apiKey: apiKeyFor(this.seed, u.email),
      dateJoined: this.clock(),
      timezone: "",
    };
    this.users.set(user.id, user);
    this.usersByEmail.set(user.email.toLowerCase(), user);
    this.usersByApiKey.set(user.apiKey, user);
    this.subs.channelsOf(user.id, true);
    this.index.addUser(user.id);
    this.userSettings.initialize(user.id, user.isBot);
    return user;
  }

  /**
   * Adds a system bot (Zulip's Welcome Bot): a message sender of no organization, kept apart from `users` so that
   * no listing, count or login of the organization sees it; messages reach it through `messageUser`.
   */
  addSystemBot(email: string, fullName: string): User {
    const user: User = {
      id: this.userIds.take(),
      email,
      fullName,
      role: ROLE.member,
      isActive: true,
      isBot: true,
      botType: 1,
      botOwnerId: null,
      apiKey: "",
      dateJoined: this.clock(),
      timezone: "",
    };
    this.systemBots.set(user.id, user);
    return user;
  }

  /** A user of the organization or a system bot: whoever a message names as its sender or a recipient. */
  messageUser(id: number): User | undefined {
    return this.users.get(id) ?? this.systemBots.get(id);
  }

  /** `messageUser` by email address. */
  messageUserByEmail(email: string): User | undefined {
    const key = email.trim().toLowerCase();
    return this.usersByEmail.get(key) ?? [...this.systemBots.values()].find((b) => b.email === key);
  }

  userByEmail(email: string): User | undefined {
    return this.usersByEmail.get(email.trim().toLowerCase());
  }

  userByApiKey(key: string): User | undefined {
    return this.usersByApiKey.get(key);
  }

  isAdmin(user: User): boolean {
    return user.role <= ROLE.administrator;
  }

  addChannel(
    c: Omit<Channel, "id" | "recipientId" | "dateCreated" | "isArchived" | "firstMessageId" | "groups" | "streamPostPolicy"> &
      Partial<Pick<Channel, "groups" | "streamPostPolicy">>,
  ): Channel {
    const channel: Channel = {
      // Permission settings default as state/channel-settings.ts says.
      groups: defaultChannelGroups(this.groups),
      streamPostPolicy: 1,
      ...c,
      id: this.channelIds.take(),
      recipientId: this.recipientIds.take(),
      dateCreated: this.clock(),
      isArchived: false,
      firstMessageId: null,
    };
    this.channels.set(channel.id, channel);
    this.channelsByName.set(channel.name.toLowerCase(), channel);
    this.subs.subscribersOf(channel.id, true);
    this.index.addChannel(channel.id);
    return channel;
  }

  channelByName(name: string): Channel | undefined {
    return this.channelsByName.get(name.trim().toLowerCase());
  }

  /** `color`: the one the request asked for, if this is the user's first subscription to the channel. */
  subscribe(userId: number, channelId: number, color?: string): void {
    this.subs.subscribe(userId, channelId, color);
  }

  /** The user's personal settings for a channel they are or were subscribed to (muting apart: userTopics). */
  subscriptionProperties(userId: number, channelId: number): Readonly<SubscriptionProperties> | undefined {
    return this.subs.propertiesOf(userId, channelId);
  }

  setSubscriptionProperty<K extends keyof SubscriptionProperties>(userId: number, channelId: number, name: K, value: SubscriptionProperties[K]): void {
    this.subs.setProperty(userId, channelId, name, value);
  }

  unsubscribe(userId: number, channelId: number): void {
    this.subs.unsubscribe(userId, channelId);
  }

  /** Channels the user was subscribed to and left (register's `unsubscribed`). */
  formerSubscriptionsOf(userId: number): ReadonlySet<number> {
    return this.subs.formerOf(userId);
  }

  /** Renames a channel, keeping the by-name index right. */
  renameChannel(channel: Channel, name: string): void {
    this.channelsByName.delete(channel.name.toLowerCase());
    channel.name = name;
    this.channelsByName.set(name.toLowerCase(), channel);
  }

  isSubscribed(userId: number, channelId: number): boolean {
    return this.subs.isSubscribed(userId, channelId);
  }

  subscribersOf(channelId: number): ReadonlySet<number> {
    return this.subs.subscribersOf(channelId);
  }

  subscriptionsOf(userId: number): ReadonlySet<number> {
    return this.subs.channelsOf(userId);
  }

  /** The recipient id of a direct conversation: one per user for 1:1 and self, one per group otherwise. */
  conversationRecipientId(userIds: readonly number[]): number {
    if (userIds.length <= 2) {
      const other = userIds.length === 1 ? userIds[0]! : Math.max(...userIds);
      let id = this.userRecipients.get(other);
      if (id === undefined) this.userRecipients.set(other, (id = this.recipientIds.take()));
      return id;
    }
    const key = conversationKey(userIds);
    let id = this.conversationRecipients.get(key);
    if (id === undefined) this.conversationRecipients.set(key, (id = this.recipientIds.take()));
    return id;
  }

  /**
   * Replaces how message ids are given out, before the first message is stored (a server may number its messages
   * any way that only grows: the huge-ids quirk starts above 2^31 with wide gaps).
   */
  useMessageIds(ids: IdSequence): void {
    if (this.messages.size > 0) throw new Error("message ids are chosen before the first message is stored");
    this.messageIds = ids;
  }

  nextMessageId(): number {
    return this.messageIds.take();
  }

  /** Stores a message and gives each receiving user a row with its flags. */
  addMessage(message: Message, receivers: ReadonlyMap<number, ReadonlySet<string>>): void {
    this.messages.set(message.id, message);
    this.index.add(message);
    if (message.type === "stream" && message.channelId !== null) this.channels.get(message.channelId)!.firstMessageId ??= message.id;
    for (const [userId, flags] of receivers) {
      this.index.addReceived(userId, message.id, message.type === "private");
      this.flags.setRow(userId, message.id, flags);
    }
    this.attachments.track(message, message.timestamp * 1000);
    if (message.type === "private") this.dmPartners.record(message.dmUserIds);
  }

  channelMessages(channelId: number): SortedIds {
    return this.index.channel(channelId);
  }

  topicMessages(channelId: number, topic: string): SortedIds {
    return this.index.topic(channelId, topic);
  }

  conversationMessages(userIds: readonly number[]): SortedIds {
    return this.index.conversation(userIds);
  }

  receivedBy(userId: number): SortedIds {
    return this.index.receivedBy(userId);
  }

  /** The direct messages the user received, in order. */
  directReceivedBy(userId: number): SortedIds {
    return this.index.directReceivedBy(userId);
  }

  sentBy(userId: number): SortedIds {
    return this.index.sentBy(userId);
  }

  /** The user's flags on a message, or undefined when the user has no row for it. */
  flagsOf(userId: number, messageId: number): ReadonlySet<string> | undefined {
    return this.flags.get(userId, messageId);
  }

  /** The channel's topics (lower-cased name → messages); a topic whose messages were all deleted is empty. */
  channelTopics(channelId: number): ReadonlyMap<string, SortedIds> {
    return this.index.channelTopics(channelId);
  }

  /**
   * Gives a user a row for a message they did not receive (real servers call it "historical"): a channel message,
   * since only a direct message's participants may read it, and they received it.
   */
  addHistoricalRow(userId: number, messageId: number, flags: Iterable<string>): void {
    this.index.addReceived(userId, messageId, false);
    this.flags.setRow(userId, messageId, flags);
  }

  /** Deletes a message from every index. */
  removeMessage(messageId: number): void {
    const message = this.messages.get(messageId);
    if (!message) return;
    this.messages.delete(messageId);
    this.index.remove(message, this.flags.holdersOf(messageId));
    if (message.type === "stream" && message.channelId !== null)
      this.channels.get(message.channelId)!.firstMessageId = this.index.channel(message.channelId).at(0) ?? null;
    this.flags.removeMessage(messageId);
  }

  /** Each message's edit records (oldest first), and the uploads message contents link to. */
  readonly editHistory = new EditHistory();
  readonly attachments = new Attachments();

  /** Moves a channel message to another channel and/or topic, keeping every index (and first_message_id) right. */
  relocate(message: Message, channelId: number, topic: string): void {
    const from = message.channelId!;
    this.index.move(message, channelId, topic);
    this.flags.moved(message.id);
    if (from === channelId) return;
    this.channels.get(from)!.firstMessageId = this.index.channel(from).at(0) ?? null;
    const channel = this.channels.get(channelId)!;
    channel.firstMessageId = this.index.channel(channelId).at(0) ?? null;
    message.recipientId = channel.recipientId;
  }

  /** Takes the given users' rows for a message away (they lost access to it); the other rows stay as they were. */
  dropRows(messageId: number, userIds: ReadonlySet<number>): void {
    const keep = [...this.flags.holdersOf(messageId)].filter((u) => !userIds.has(u)).map((u) => [u, [...this.flags.get(u, messageId)!]] as const);
    this.flags.removeMessage(messageId);
    for (const [userId, flags] of keep) this.flags.setRow(userId, messageId, flags);
    for (const userId of userIds) this.index.removeReceived(userId, messageId);
  }
}

/** Where a message's unread copies are grouped: its channel and topic (case-insensitive), or its conversation. */
function unreadPlaceOf(m: Message | undefined): string | undefined {
  if (!m) return undefined;
  return m.type === "stream" && m.channelId !== null ? `${m.channelId}\0${m.topic.toLowerCase()}` : `dm\0${conversationKey(m.dmUserIds)}`;
}
