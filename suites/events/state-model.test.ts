import fc from "fast-check";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { HarnessError } from "../../src/expect/failure.ts";
import { INVARIANT_CLAUSE, StateWatch } from "../../src/expect/state/invariant.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import { EVENT_CLAUSES } from "../support/event-clauses.ts";
import { OWN_WATCHERS } from "../support/invariant-opt-outs.ts";
import { checkProperty } from "../support/property.ts";
import { throwawayOrganization, type Throwaway } from "../support/throwaway.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

/**
 * Model-based: random sequences of actions by several personas (fast-check's fc.commands), and after every step the
 * state invariant for each watching persona: its register state with every event since applied equals a fresh
 * register. It runs on a throw-away organization, so that realm, channel and user changes touch nobody else. `npm
 * test` runs it at the full-sweep levels, and `chat-conformance sweep` at every level, so at both sides of every
 * level where an event's format changed. A failure prints the shrunk sequence of steps and the seed that replays it.
 */

const ACTORS = ["member", "secondMember", "administrator"] as const satisfies readonly PersonaRole[];
type Actor = (typeof ACTORS)[number];
/** Whose register state is followed: every actor's, so that what an action changes for its actor alone is seen. */
const WATCHERS: readonly PersonaRole[] = ACTORS;

interface Model {
  fl: number;
  channels: Array<{ id: number; name: string }>;
  /** Channel indexes each actor is subscribed to. */
  subscribed: Record<Actor, Set<number>>;
  /** Messages sent and not deleted, with the actors who received them (who may flag them). */
  messages: Array<{ id: number; sender: Actor; channel: number | null; recipients: ReadonlySet<Actor> }>;
  scheduled: number[];
  /** Each actor's saved drafts, oldest first. */
  drafts: Record<Actor, number[]>;
  groups: number[];
  /** Topic moves so far: each moves to a name of its own. */
  moves: number;
}

interface World {
  t: TestContext;
  org: Throwaway;
  watches: StateWatch[];
}

/** One step: what it does (printed in a counterexample), when it may run, and the requests it makes. */
class Step implements fc.AsyncCommand<Model, World> {
  constructor(
    private readonly label: string,
    private readonly when: (m: Model) => boolean,
    private readonly act: (m: Model, w: World) => Promise<void>,
  ) {}

  check(m: Readonly<Model>): boolean {
    return this.when(m as Model);
  }

  async run(m: Model, w: World): Promise<void> {
    const from = w.t.exchanges.length;
    await this.act(m, w);
    for (const watch of w.watches) {
      const record = await watch.check(w.t.exchanges.slice(from));
      // A watcher that could not compare (its queue lost, a state that never settled) proves nothing: here, on an
      // organization nothing else touches, that is the harness's problem to see, not a pass.
      if (record.status !== "checked") throw new HarnessError(`the watcher could not compare after "${this.label}": ${record.why ?? record.status}`);
    }
  }

  toString(): string {
    return this.label;
  }
}

const api = (w: World, role: PersonaRole) => w.org.api(role);
const userIdIn = (org: Throwaway, role: PersonaRole) => org.target.personas[role]!.userId;
const userId = (w: World, role: PersonaRole) => userIdIn(w.org, role);
const must = (w: World, what: string, res: ReturnType<ReturnType<typeof api>["post"]>) => w.t.must(what, res);
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const actor = fc.constantFrom(...ACTORS);
const topic = fc.constantFrom("alpha", "beta", "gamma");
const word = fc.constantFrom("kiwi", "plum", "fig", "lime");

const send = fc.record({ who: actor, ch: fc.nat(7), topic, text: word }).map(
  ({ who, ch, topic, text }) =>
    new Step(
      `${who} sends "${text}" to channel #${ch % 2} topic ${topic}`,
      (m) => m.subscribed[who].has(ch % m.channels.length),
      async (m, w) => {
        const i = ch % m.channels.length;
        const body = await must(w, "send a channel message", api(w, who).post("/messages", { type: "stream", to: m.channels[i]!.id, topic, content: text }));
        m.messages.push({ id: body.id as number, sender: who, channel: i, recipients: new Set(ACTORS.filter((a) => m.subscribed[a].has(i))) });
      },
    ),
);

const flag = fc.record({ who: actor, n: fc.nat(7), flag: fc.constantFrom("starred", "read"), op: fc.constantFrom("add" as const, "remove" as const) }).map(
  ({ who, n, flag, op }) =>
    // Flags belong to the users who received a message: the step picks among those the actor received.
    new Step(
      `${who} ${op}s the ${flag} flag on message #${n} of those ${who} received`,
      (m) => m.messages.some((x) => x.recipients.has(who)),
      async (m, w) => {
        const msg = pick(
          m.messages.filter((x) => x.recipients.has(who)),
          n,
        );
        await must(w, "change a message flag", api(w, who).post("/messages/flags", { messages: [msg.id], op, flag }));
      },
    ),
);

/** Every kind of step; sending and flags twice, as most other steps need messages and flags change the most state. */
const steps: Array<fc.Arbitrary<fc.AsyncCommand<Model, World>>> = [
  send,
  send,
  flag,
  flag,
  fc.record({ who: actor, to: actor, text: word }).map(
    ({ who, to, text }) =>
      new Step(
        `${who} sends "${text}" directly to ${to}`,
        () => true,
        async (m, w) => {
          const body = await must(w, "send a direct message", api(w, who).post("/messages", { type: "private", to: [userId(w, to)], content: text }));
          m.messages.push({ id: body.id as number, sender: who, channel: null, recipients: new Set([who, to]) });
        },
      ),
  ),
  fc.record({ n: fc.nat(7), text: word }).map(
    ({ n, text }) =>
      new Step(
        `the sender of message #${n} edits it to "${text}!"`,
        (m) => m.messages.length > 0,
        async (m, w) => {
          const msg = pick(m.messages, n);
          await must(w, "edit a message's content", api(w, msg.sender).patch(`/messages/${msg.id}`, { content: `${text}! ${n}` }));
        },
      ),
  ),
  fc.record({ n: fc.nat(7), topic }).map(
    ({ n, topic }) =>
      new Step(
        `the administrator moves the topic of message #${n} to ${topic}-moved-…`,
        (m) => m.messages.some((x) => x.channel !== null),
        async (m, w) => {
          const msg = pick(
            m.messages.filter((x) => x.channel !== null),
            n,
          );
          // A new name every time: moving a topic to the name it has is refused.
          await must(
            w,
            "move a topic",
            api(w, "administrator").patch(`/messages/${msg.id}`, { topic: `${topic}-moved-${m.moves++}`, propagate_mode: "change_all" }),
          );
        },
      ),
  ),
  fc.nat(7).map(
    (n) =>
      // An administrator deletes what it can read: a direct message between two others is not one of those.
      new Step(
        `the administrator deletes message #${n} of those it received`,
        (m) => m.messages.some((x) => x.recipients.has("administrator")),
        async (m, w) => {
          const msg = pick(
            m.messages.filter((x) => x.recipients.has("administrator")),
            n,
          );
          await must(w, "delete a message", api(w, "administrator").delete(`/messages/${msg.id}`));
          m.messages.splice(m.messages.indexOf(msg), 1);
        },
      ),
  ),
  fc.record({ who: actor, n: fc.nat(7), emoji: fc.constantFrom("smile", "tada"), add: fc.boolean() }).map(
    ({ who, n, emoji, add }) =>
      new Step(
        `${who} ${add ? "adds" : "removes"} :${emoji}: on message #${n}`,
        (m) => m.messages.length > 0,
        async (m, w) => {
          const msg = pick(m.messages, n);
          const client = api(w, who);
          // Adding twice or removing what is not there is refused; the step makes sure of where it starts from.
          const res = add
            ? await client.post(`/messages/${msg.id}/reactions`, { emoji_name: emoji })
            : await client.delete(`/messages/${msg.id}/reactions`, { emoji_name: emoji });
          if (res.status >= 500) await must(w, "react to a message", Promise.resolve(res));
        },
      ),
  ),
  fc.record({ who: actor, ch: fc.nat(7) }).map(
    ({ who, ch }) =>
      new Step(
        `${who} subscribes to or unsubscribes from channel #${ch % 2}`,
        () => true,
        async (m, w) => {
          const i = ch % m.channels.length;
          const c = m.channels[i]!;
          if (m.subscribed[who].has(i)) {
            await must(w, "unsubscribe", api(w, who).delete("/users/me/subscriptions", { subscriptions: [c.name] }));
            m.subscribed[who].delete(i);
          } else {
            await must(w, "subscribe", api(w, who).post("/users/me/subscriptions", { subscriptions: [{ name: c.name }] }));
            m.subscribed[who].add(i);
          }
        },
      ),
  ),
  fc.record({ ch: fc.nat(7), text: word }).map(
    ({ ch, text }) =>
      new Step(
        `the administrator describes channel #${ch % 2} as "${text}"`,
        () => true,
        async (m, w) => {
          await must(
            w,
            "change a channel's description",
            api(w, "administrator").patch(`/streams/${m.channels[ch % m.channels.length]!.id}`, { description: `${text} channel` }),
          );
        },
      ),
  ),
  word.map(
    (text) =>
      new Step(
        `the administrator renames the organization "${text} lab"`,
        () => true,
        async (_m, w) => {
          await must(w, "rename the organization", api(w, "administrator").patch("/realm", { name: `${text} lab` }));
        },
      ),
  ),
  fc.record({ who: actor, text: word }).map(
    ({ who, text }) =>
      new Step(
        `the administrator renames ${who} "${text} ${who}"`,
        () => true,
        async (_m, w) => {
          await must(w, "rename a user", api(w, "administrator").patch(`/users/${userId(w, who)}`, { full_name: `${text} ${who}` }));
        },
      ),
  ),
  fc.record({ who: actor, on: fc.boolean() }).map(
    ({ who, on }) =>
      new Step(
        `${who} sets twenty_four_hour_time to ${on}`,
        () => true,
        async (_m, w) => {
          await must(w, "change a display setting", api(w, who).patch("/settings", { twenty_four_hour_time: on }));
        },
      ),
  ),
  fc.record({ who: actor, text: word }).map(
    ({ who, text }) =>
      new Step(
        `${who} sets their status to "${text}"`,
        () => true,
        async (_m, w) => {
          await must(w, "set a status", api(w, who).post("/users/me/status", { status_text: `eating a ${text}` }));
        },
      ),
  ),
  fc.record({ who: actor, to: actor }).map(
    ({ who, to }) =>
      new Step(
        `${who} starts typing to ${to}`,
        () => true,
        async (_m, w) => {
          await must(w, "send a typing notification", api(w, who).post("/typing", { op: "start", to: [userId(w, to)] }));
        },
      ),
  ),
  fc.record({ who: actor, ch: fc.nat(7), topic }).map(
    ({ who, ch, topic }) =>
      new Step(
        `${who} schedules a message to channel #${ch % 2} topic ${topic}`,
        (m) => m.fl >= 179 && m.subscribed[who].has(ch % m.channels.length),
        async (m, w) => {
          const c = m.channels[ch % m.channels.length]!;
          const body = await must(
            w,
            "schedule a message",
            api(w, who).post("/scheduled_messages", {
              type: "stream",
              to: c.id,
              topic,
              content: "later",
              scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 3600,
            }),
          );
          m.scheduled.push(body.scheduled_message_id as number);
        },
      ),
  ),
  fc.record({ who: actor, ch: fc.nat(7), text: word }).map(
    ({ who, ch, text }) =>
      new Step(
        `${who} saves a draft "${text}" to channel #${ch % 2}, or deletes its oldest draft`,
        () => true,
        async (m, w) => {
          const mine = m.drafts[who];
          if (mine.length > 0 && ch % 2 === 1) {
            await must(w, "delete a draft", api(w, who).delete(`/drafts/${mine.shift()!}`));
            return;
          }
          const draft = { type: "stream", to: [m.channels[ch % m.channels.length]!.id], topic: "drafting", content: text };
          const body = await must(w, "save a draft", api(w, who).post("/drafts", { drafts: [draft] }));
          mine.push(...(body.ids as number[]));
        },
      ),
  ),
  fc.record({ who: actor, active: fc.boolean() }).map(
    ({ who, active }) =>
      // Presence is compared by no register (it changes with time alone: exclusions.ts), but its events must still
      // leave every other part of the state as it was.
      new Step(
        `${who} reports itself ${active ? "active" : "idle"}`,
        () => true,
        async (_m, w) => {
          await must(w, "report presence", api(w, who).post("/users/me/presence", { status: active ? "active" : "idle" }));
        },
      ),
  ),
  fc.record({ who: fc.constantFrom("member" as const, "secondMember" as const), text: word }).map(
    ({ who, text }) =>
      new Step(
        `the administrator makes a group "${text}" with ${who}`,
        () => true,
        async (m, w) => {
          const body = await must(
            w,
            "create a group",
            api(w, "administrator").post("/user_groups/create", {
              name: `${text}-${m.groups.length}-${Date.now() % 100000}`,
              description: "a group",
              members: [userId(w, who)],
            }),
          );
          if (typeof body.group_id === "number") m.groups.push(body.group_id);
        },
      ),
  ),
];

behaviour(
  INVARIANT_CLAUSE,
  "property: after every step of random actions by several personas, each watcher's state with the events applied equals a fresh register",
  {
    id: "fl153.events.state-consistency#property-after-every-step-of-random-actions-by-several-personas-each-watcher-s-state-with-the-events-applied-equals-a-fresh-register",
    gate: "always",
    invariant: { off: OWN_WATCHERS },
  },
  async (t) => {
    const org = await t.given("start a throw-away organization", () => throwawayOrganization(t));
    try {
      const on = t.on(org.target);
      await checkProperty(
        fc.commands(steps, { maxCommands: 12, size: "xlarge" }),
        4,
        async (cmds) => {
          const admin = org.api("administrator");
          const channels: Model["channels"] = [];
          for (const label of ["one", "two"]) {
            const name = on.unique(`model-${label}`);
            await on.must(
              "create a channel",
              admin.post("/users/me/subscriptions", { subscriptions: [{ name }], principals: ACTORS.map((r) => userIdIn(org, r)) }),
            );
            const body = await on.must("look up the channel id", admin.get("/get_stream_id", { stream: name }));
            channels.push({ id: body.stream_id as number, name });
          }
          // A few messages before the watchers start, so that steps on messages (edits, flags, reactions, moves)
          // apply from the first step on.
          const messages: Model["messages"] = [];
          for (const who of ACTORS) {
            const body = await on.must(
              "send a channel message",
              org.api(who).post("/messages", { type: "stream", to: channels[0]!.id, topic: "alpha", content: `hello from ${who}` }),
            );
            messages.push({ id: body.id as number, sender: who, channel: 0, recipients: new Set(ACTORS) });
          }
          const dm = await on.must(
            "send a direct message",
            admin.post("/messages", { type: "private", to: [userIdIn(org, "member")], content: "hello member" }),
          );
          messages.push({ id: dm.id as number, sender: "administrator", channel: null, recipients: new Set<Actor>(["administrator", "member"]) });
          const watches: StateWatch[] = [];
          try {
            for (const role of WATCHERS) {
              // Watching for every event the catalog names, the watchers compare every section those events can
              // change after each step, also where no event came (a change no event announced).
              const watch = await StateWatch.start(org.target, role, {}, EVENT_CLAUSES);
              if (typeof watch === "string") throw new Error(watch);
              // Its comparisons are the test's invariant record (the runner's own watcher is off).
              watches.push(t.watching(watch));
            }
            const model: Model = {
              fl: org.target.featureLevel,
              channels,
              subscribed: { member: new Set([0, 1]), secondMember: new Set([0, 1]), administrator: new Set([0, 1]) },
              messages,
              scheduled: [],
              drafts: { member: [], secondMember: [], administrator: [] },
              groups: [],
              moves: 0,
            };
            await fc.asyncModelRun(() => ({ model, real: { t, org, watches } }), cmds);
          } finally {
            await Promise.all(watches.map((w) => w.close()));
          }
        },
        [],
        { shrink: true },
      );
    } finally {
      await org.close();
    }
  },
);
