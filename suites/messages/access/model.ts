import fc from "fast-check";

/**
 * The access model in our own words, independent of any server: a scenario of channels, subscription changes and
 * messages, and what each persona must be able to read, list and be told about after it.
 */
export const VIEWERS = ["administrator", "moderator", "member", "secondMember", "guest"] as const;
export type Viewer = (typeof VIEWERS)[number];
/** The administrator creates every channel and stays subscribed, so it may always manage subscriptions. */
export const MANAGER: Viewer = "administrator";
const OTHERS = VIEWERS.filter((v) => v !== MANAGER);
const NON_GUESTS = OTHERS.filter((v) => v !== "guest");

export type Privacy = "public" | "private-shared" | "private-protected";

export type Step =
  | { kind: "send"; channel: number; sender: number }
  | { kind: "subscribe"; channel: number; who: Viewer }
  | { kind: "unsubscribe"; channel: number; who: Viewer }
  | { kind: "direct"; sender: Viewer; to: Viewer[] };

export interface ChannelPlan {
  privacy: Privacy;
  initial: Viewer[];
  /** can_send_message_group as an anonymous group of these personas (FL333); absent: the default, everyone. */
  senders?: Viewer[];
  /** can_add_subscribers_group as an anonymous group of these personas: content access from FL354. */
  contentGroup?: Viewer[];
}

export interface Scenario {
  channels: ChannelPlan[];
  steps: Step[];
}

/** Which of the level's group rules the model applies (the target's level decides). */
export interface GroupRules {
  /** FL333: only members of can_send_message_group may post. */
  sendGroups: boolean;
  /** FL354: members of a private channel's can_add_subscribers_group read its shared history unsubscribed. */
  contentGroups: boolean;
}

export const scenarioArb: fc.Arbitrary<Scenario> = fc
  .array(
    fc.record(
      {
        privacy: fc.constantFrom<Privacy>("public", "private-shared", "private-protected"),
        initial: fc.subarray([...OTHERS]),
        senders: fc.subarray([...VIEWERS]),
        contentGroup: fc.subarray([...NON_GUESTS]),
      },
      { requiredKeys: ["privacy", "initial"] },
    ),
    { minLength: 1, maxLength: 3 },
  )
  .chain((channels) =>
    fc.record({
      channels: fc.constant(channels),
      steps: fc.array(
        fc.oneof(
          { weight: 4, arbitrary: fc.record({ kind: fc.constant("send" as const), channel: fc.nat(channels.length - 1), sender: fc.nat(20) }) },
          {
            weight: 2,
            arbitrary: fc.record({ kind: fc.constant("subscribe" as const), channel: fc.nat(channels.length - 1), who: fc.constantFrom(...OTHERS) }),
          },
          {
            weight: 2,
            arbitrary: fc.record({ kind: fc.constant("unsubscribe" as const), channel: fc.nat(channels.length - 1), who: fc.constantFrom(...OTHERS) }),
          },
          {
            weight: 1,
            arbitrary: fc.record({
              kind: fc.constant("direct" as const),
              sender: fc.constantFrom(...VIEWERS),
              to: fc.subarray([...VIEWERS], { minLength: 1, maxLength: 3 }),
            }),
          },
        ),
        { minLength: 1, maxLength: 10 },
      ),
    }),
  );

/**
 * A fixed scenario played before the random ones, so that every rule meets a case that tells it apart in every run
 * (random scenarios reach some of them rarely): a guest outside a public channel; a newcomer to protected history
 * and to shared history; subscribers who leave private channels after receiving; a direct message without the
 * administrator; a channel message while non-guests are unsubscribed; private channels some non-guests are not in;
 * a post by a member of can_send_message_group and one by a guest outside it; a reader through a content-access group.
 */
export const COVERING_SCENARIO: Scenario = {
  channels: [
    { privacy: "public", initial: ["moderator"] },
    { privacy: "private-shared", initial: ["member", "secondMember"] },
    { privacy: "private-protected", initial: ["member", "guest"] },
    { privacy: "private-shared", initial: ["member", "guest"], senders: ["administrator", "member"], contentGroup: ["secondMember"] },
  ],
  steps: [
    { kind: "send", channel: 0, sender: 1 },
    { kind: "send", channel: 1, sender: 1 },
    { kind: "send", channel: 2, sender: 2 },
    { kind: "subscribe", channel: 2, who: "moderator" },
    { kind: "subscribe", channel: 1, who: "moderator" },
    { kind: "unsubscribe", channel: 1, who: "member" },
    { kind: "unsubscribe", channel: 2, who: "guest" },
    { kind: "direct", sender: "member", to: ["secondMember"] },
    { kind: "send", channel: 2, sender: 0 },
    { kind: "send", channel: 3, sender: 1 },
    { kind: "send", channel: 3, sender: 2 },
  ],
};

/** A message as the model knows it: where it went and who received it. */
export interface ModelMessage {
  /** Index into Scenario.channels, or null for a direct message. */
  channel: number | null;
  receivedBy: Set<Viewer>;
}

/** The state the scenario leaves: current subscribers per channel and every message with its receivers. */
export class AccessModel {
  readonly subscribers: Set<Viewer>[];
  readonly messages: ModelMessage[] = [];

  constructor(
    readonly scenario: Scenario,
    readonly rules: GroupRules,
  ) {
    this.subscribers = scenario.channels.map((c) => new Set<Viewer>([MANAGER, ...c.initial]));
  }

  /** fl333.channels.can-send-message-group-enforced: may `v` post to the channel? (Subscribers are the only senders here.) */
  maySend(v: Viewer, channel: number): boolean {
    const senders = this.scenario.channels[channel]!.senders;
    return !this.rules.sendGroups || senders === undefined || senders.includes(v);
  }

  /** fl354: does `v` read the channel's history through its content-access group? */
  viaContentGroup(v: Viewer, channel: number): boolean {
    const c = this.scenario.channels[channel]!;
    return this.rules.contentGroups && c.privacy === "private-shared" && (c.contentGroup?.includes(v) ?? false);
  }

  /** The persona that sends a `send` step: the sender-th current subscriber (there is always the manager). */
  senderOf(step: Extract<Step, { kind: "send" }>): Viewer {
    const subs = VIEWERS.filter((v) => this.subscribers[step.channel]!.has(v));
    return subs[step.sender % subs.length]!;
  }

  apply(step: Step): void {
    if (step.kind === "subscribe") this.subscribers[step.channel]!.add(step.who);
    else if (step.kind === "unsubscribe") this.subscribers[step.channel]!.delete(step.who);
    else if (step.kind === "send") {
      if (this.maySend(this.senderOf(step), step.channel)) this.messages.push({ channel: step.channel, receivedBy: new Set(this.subscribers[step.channel]) });
    } else this.messages.push({ channel: null, receivedBy: new Set<Viewer>([step.sender, ...step.to]) });
  }

  /** fl153.messages.access-*: may `v` read the message now? */
  canRead(v: Viewer, m: ModelMessage): boolean {
    if (m.receivedBy.has(v)) return true;
    if (m.channel === null) return false;
    const privacy = this.scenario.channels[m.channel]!.privacy;
    const subscribed = this.subscribers[m.channel]!.has(v);
    if (privacy === "public") return v !== "guest" || subscribed;
    if (privacy === "private-shared") return subscribed || this.viaContentGroup(v, m.channel);
    return false;
  }

  /** fl153.channels.visible-channels: does GET /streams list the channel to `v`? */
  listsChannel(v: Viewer, channel: number): boolean {
    if (this.subscribers[channel]!.has(v)) return true;
    return this.scenario.channels[channel]!.privacy === "public" && v !== "guest";
  }
}
