/**
 * A realistic history written straight into a reference server's store (no HTTP, no events): 20 users, 50 channels
 * × 100 topics, every user subscribed to every channel, one message in twenty a direct message (half of those
 * between `member` and `secondMember`), contents of 20–400 characters rendered as the server renders them, and
 * per-user flags: the sender's copy read, about 3% of other copies unread (or as many as `unreadPerUser` asks:
 * a long-lived account that never reads), 1% mentioned, 0.5% starred. Deterministic: the same calls give the same
 * history.
 */
import { newMessage } from "../reference-server/api/messages/post.ts";
import { renderMarkdown } from "../reference-server/api/messages/render.ts";
import type { Runtime } from "../reference-server/runtime.ts";
import { ROLE, type Channel, type Message, type User } from "../reference-server/state/types.ts";

export const CHANNELS = 50;
export const TOPICS = 100;
export const USERS = 20;

const WORDS =
  "the a deploy build failed passed review merge branch release notes meeting tomorrow today fixed bug issue ticket server client latency memory queue event topic channel please thanks looks good to me can you check why does this happen again".split(
    " ",
  );

/** A small deterministic generator (mulberry32), so every run seeds the same history. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedOptions {
  /** About this many unread messages for each user once `total` messages are seeded (default: 3% of what each receives). */
  unreadPerUser?: number;
  /** The history's size `unreadPerUser` is reckoned against. */
  total?: number;
}

export class HistorySeeder {
  readonly users: User[];
  readonly channels: Channel[];
  readonly topics: string[] = Array.from({ length: TOPICS }, (_, i) => `topic ${i}`);
  readonly member: User;
  readonly secondMember: User;
  private readonly next = random(372);
  seeded = 0;
  /** The share of a receiver's copies left unread. */
  private readonly unreadShare: number;

  constructor(
    private readonly rt: Runtime,
    o: SeedOptions = {},
  ) {
    // Every user receives the channel messages (19 in 20 of all) and a few direct ones.
    this.unreadShare = o.unreadPerUser !== undefined && o.total ? Math.min(1, o.unreadPerUser / (o.total * 0.9)) : 0.03;
    const { store } = rt;
    const existing = [...store.users.values()].filter((u) => u.isActive);
    this.member = existing.find((u) => u.persona === "member")!;
    this.secondMember = existing.find((u) => u.persona === "secondMember")!;
    const added: User[] = [];
    for (let i = existing.length; i < USERS; i++) {
      added.push(store.addUser({ email: `bench-${i}@lab.example`, fullName: `Bench User ${i}`, role: ROLE.member, isBot: false, botType: null }));
    }
    this.users = [...existing, ...added].slice(0, USERS);
    const general = store.channelByName("general")!;
    this.channels = [general];
    for (let i = 1; i < CHANNELS; i++) {
      this.channels.push(
        store.addChannel({
          name: `bench ${i}`,
          description: "",
          inviteOnly: false,
          isWebPublic: false,
          historyPublicToSubscribers: true,
          isDefault: false,
          creatorId: null,
        }),
      );
    }
    for (const c of this.channels) for (const u of this.users) if (!store.isSubscribed(u.id, c.id)) store.subscribe(u.id, c.id);
  }

  /** 20–400 characters (147 on average), one flat string like a content read from a request. */
  private content(): string {
    const length = 20 + Math.floor(this.next() ** 2 * 380);
    const words: string[] = [];
    for (let n = -1; n < length;) {
      const w = WORDS[Math.floor(this.next() * WORDS.length)]!;
      words.push(w);
      n += w.length + 1;
    }
    return words.join(" ");
  }

  /** Adds messages until the store holds `total` seeded ones. */
  seedTo(total: number): void {
    const { store } = this.rt;
    const now = store.clock();
    for (; this.seeded < total; this.seeded++) {
      const i = this.seeded;
      const dm = i % 20 === 19;
      const sender = dm && i % 40 === 39 ? this.member : this.users[Math.floor(this.next() * this.users.length)]!;
      const content = this.content();
      const id = store.nextMessageId();
      const rendered = renderMarkdown(content);
      const timestamp = now - (total - i);
      let message: Message;
      let receivers: number[];
      if (dm) {
        const other = i % 40 === 39 ? this.secondMember : (this.users.find((u) => u !== sender && this.next() < 0.2) ?? this.member);
        const ids = [...new Set([sender.id, other.id])].sort((a, b) => a - b);
        message = newMessage(id, sender, "private", null, "", ids, store.conversationRecipientId(ids), content, rendered, timestamp);
        receivers = ids;
      } else {
        // Skewed like real organizations: a few busy channels and topics (topic 0 of the first channel holds about
        // 1.4% of all messages), a long tail of quiet ones.
        const channel = this.channels[Math.floor(this.next() ** 2 * this.channels.length)]!;
        const topic = this.topics[Math.floor(this.next() ** 2 * this.topics.length)]!;
        message = newMessage(id, sender, "stream", channel.id, topic, [], channel.recipientId, content, rendered, timestamp);
        receivers = this.users.map((u) => u.id);
      }
      const rows = new Map<number, Set<string>>();
      for (const id of receivers) {
        const flags = new Set<string>();
        const r = this.next();
        if (id === sender.id || r >= this.unreadShare) flags.add("read");
        if (r > 0.99) flags.add("mentioned");
        if (r > 0.5 && r < 0.505) flags.add("starred");
        rows.set(id, flags);
      }
      store.addMessage(message, rows);
    }
    // Written past the wire layer: what it derives from the state (cached pages, answers) is dropped as a request
    // that changes state would drop it.
    store.fragments.invalidate();
  }

  /** Each persona's unread count now. */
  unreadByPersona(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const u of this.rt.store.users.values()) if (u.persona) out[u.persona] = this.rt.store.flags.unreadOf(u.id).length;
    return out;
  }
}
