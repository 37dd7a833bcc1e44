import { z } from "zod";
import { catalog } from "../../../src/catalog/catalog.ts";
import { eventCheck } from "../../../src/client/events.ts";
import type { TestContext } from "../../../src/expect/context.ts";
import { Expectations } from "../../../src/expect/expect.ts";
import { AccessModel, MANAGER, VIEWERS, type GroupRules, type Scenario, type Viewer } from "./model.ts";
import { archiveChannelLater } from "../../support/cleanup.ts";

/** What playing a scenario left on the server: the model, and the ids the server gave channels and messages. */
export interface Played {
  model: AccessModel;
  channelIds: number[];
  messageIds: number[];
  /** Per viewer, the ids of scenario messages its event queue delivered. */
  delivered: Map<Viewer, Set<number>>;
}

const idsOf = (t: TestContext, body: Record<string, unknown>, key: string, what: string): number[] =>
  t.expect.schema(z.array(z.looseObject({ stream_id: z.number() })), body[key], undefined, what).map((s) => s.stream_id);

/** Plays the scenario against the target, recording message events per viewer up to a closing sentinel message. */
export async function play(t: TestContext, s: Scenario, rules: GroupRules): Promise<Played> {
  const model = new AccessModel(s, rules);
  const id = (v: Viewer) => t.persona(v).userId;
  const anonymous = (vs: Viewer[]) => ({ direct_members: vs.map(id), direct_subgroups: [] as number[] });
  const queues = new Map<Viewer, Awaited<ReturnType<TestContext["register"]>>["queue"]>();
  for (const v of VIEWERS) queues.set(v, (await t.register(v, { event_types: ["message"], apply_markdown: false })).queue);

  const channelIds: number[] = [];
  const names: string[] = [];
  for (const [i, c] of s.channels.entries()) {
    const name = t.unique(`access${i}`);
    await t.must(
      `create a ${c.privacy} channel`,
      t.api(MANAGER).post("/users/me/subscriptions", {
        subscriptions: [{ name }],
        principals: [MANAGER, ...c.initial].map(id),
        invite_only: c.privacy !== "public",
        history_public_to_subscribers: c.privacy !== "private-protected",
        ...(rules.sendGroups && c.senders ? { can_send_message_group: anonymous(c.senders) } : {}),
        ...(rules.contentGroups && c.contentGroup ? { can_add_subscribers_group: anonymous(c.contentGroup) } : {}),
      }),
    );
    names.push(name);
    channelIds.push((await t.must("look up the channel id", t.api(MANAGER).get("/get_stream_id", { stream: name }))).stream_id as number);
    archiveChannelLater(t, { name, id: channelIds.at(-1)! }, MANAGER);
  }

  const messageIds: number[] = [];
  for (const step of s.steps) {
    if (step.kind === "send") {
      const sender = model.senderOf(step);
      const res = await t.api(sender).post("/messages", { type: "stream", to: channelIds[step.channel]!, topic: "access", content: "m" });
      if (model.maySend(sender, step.channel))
        messageIds.push((await t.given("send to a channel as a subscriber", async () => t.expect.success(res))).id as number);
      else rule(t, "fl333.channels.can-send-message-group-enforced").error(res, 400, "BAD_REQUEST");
    } else if (step.kind === "direct") {
      const to = step.to.filter((v) => v !== step.sender);
      const body = await t.must(
        "send a direct message",
        t.api(step.sender).post("/messages", { type: "private", to: (to.length ? to : [step.sender]).map(id), content: "d" }),
      );
      messageIds.push(body.id as number);
    } else if (step.kind === "subscribe") {
      await t.must(
        "subscribe a persona as the administrator",
        t.api(MANAGER).post("/users/me/subscriptions", { subscriptions: [{ name: names[step.channel]! }], principals: [id(step.who)] }),
      );
    } else {
      await t.must(
        "unsubscribe a persona as the administrator",
        t.api(MANAGER).delete("/users/me/subscriptions", { subscriptions: [names[step.channel]!], principals: [id(step.who)] }),
      );
    }
    model.apply(step);
  }

  // A last direct message to everyone closes the record: events arrive in order, so once a queue has it, it has
  // every earlier message event it will ever get.
  const sentinel = (
    await t.must(
      "send the closing direct message",
      t.api(MANAGER).post("/messages", { type: "private", to: VIEWERS.filter((v) => v !== MANAGER).map(id), content: "end" }),
    )
  ).id as number;
  const scenarioIds = new Set(messageIds);
  const delivered = new Map<Viewer, Set<number>>();
  for (const v of VIEWERS) {
    const got = new Set<number>();
    await queues.get(v)!.until([
      eventCheck(`the closing message ${sentinel}`, (ev) => {
        const mid = (ev.message as { id?: number } | undefined)?.id;
        if (ev.type !== "message" || mid === undefined) return "not a message event";
        if (scenarioIds.has(mid)) got.add(mid);
        return mid === sentinel ? null : "an earlier message";
      }),
    ]);
    delivered.set(v, got);
    await queues.get(v)!.close();
  }
  return { model, channelIds, messageIds, delivered };
}

/** Expectations bound to one clause of the property, so a failure names the rule it broke. */
export function rule(t: TestContext, clauseId: string): Expectations {
  return new Expectations(catalog().mustClause(clauseId), () => t.exchanges[t.exchanges.length - 1]);
}

/** Checks everything each viewer can read, list and was told about, against the model. */
export async function checkViews(t: TestContext, p: Played): Promise<void> {
  const { model } = p;
  const events = rule(t, "fl153.messages.message-event-recipients");
  const listing = rule(t, "fl153.channels.visible-channels");
  const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);
  for (const v of VIEWERS) {
    const mustGet = sorted(p.messageIds.filter((_, i) => model.messages[i]!.receivedBy.has(v)));
    events.equal(sorted(p.delivered.get(v)!), mustGet, `the scenario's messages whose message event reached ${v}`);

    for (const [i, mid] of p.messageIds.entries()) {
      const m = model.messages[i]!;
      const clause = m.receivedBy.has(v)
        ? "fl153.messages.access-received"
        : m.channel === null
          ? "fl153.messages.access-direct-message"
          : model.scenario.channels[m.channel]!.privacy === "public"
            ? "fl153.messages.access-public-channel"
            : model.viaContentGroup(v, m.channel)
              ? "fl354.messages.content-access-single"
              : "fl153.messages.access-private-channel";
      const res = await t.api(v).get(`/messages/${mid}`, { apply_markdown: false });
      const readable = res.status === 200 && res.json?.result === "success";
      const where = m.channel === null ? "a direct message" : `a ${model.scenario.channels[m.channel]!.privacy} channel message`;
      rule(t, clause).ok(
        readable === model.canRead(v, m),
        `${v} ${model.canRead(v, m) ? "can" : "cannot"} read ${where} (GET /messages/{id} ${model.canRead(v, m) ? "succeeds" : "fails"})`,
        `HTTP ${res.status}`,
        res.exchange,
      );
    }

    const scenarioChannels = new Set(p.channelIds);
    const subsRes = await t.api(v).get("/users/me/subscriptions");
    const subscribed = idsOf(t, listing.success(subsRes, "GET /users/me/subscriptions"), "subscriptions", "GET /users/me/subscriptions").filter((c) =>
      scenarioChannels.has(c),
    );
    listing.equal(
      sorted(subscribed),
      sorted(p.channelIds.filter((_, i) => model.subscribers[i]!.has(v))),
      `the scenario's channels in ${v}'s GET /users/me/subscriptions`,
      subsRes.exchange,
    );
    const streamsRes = await t.api(v).get("/streams");
    const listed = idsOf(t, listing.success(streamsRes, "GET /streams"), "streams", "GET /streams").filter((c) => scenarioChannels.has(c));
    listing.equal(
      sorted(listed),
      sorted(p.channelIds.filter((_, i) => model.listsChannel(v, i))),
      `the scenario's channels in ${v}'s GET /streams`,
      streamsRes.exchange,
    );
  }
}
