import { z } from "zod";
import { badNarrow } from "../../errors/registry.ts";
import type { Runtime } from "../../runtime.ts";
import type { Channel, Message, User } from "../../state/types.ts";

const Operand = z.union([z.string(), z.number().int(), z.array(z.union([z.number().int(), z.string()]))]);
export const NarrowSchema = z.array(
  z.union([
    z.strictObject({ operator: z.string(), operand: Operand, negated: z.boolean().optional() }),
    z.tuple([z.string(), Operand]).transform(([operator, operand]) => ({ operator, operand, negated: false })),
  ]),
);
export type NarrowTerm = { operator: string; operand: z.infer<typeof Operand>; negated?: boolean | undefined };

const isOperand = (v: unknown): boolean =>
  typeof v === "string" || Number.isSafeInteger(v) || (Array.isArray(v) && v.every((x) => typeof x === "string" || Number.isSafeInteger(x)));

/**
 * The narrow parameter's usual shape (`[{operator, operand, negated?}]`) checked by hand, as it is on every
 * GET /messages; anything else (the legacy tuples, a malformed narrow) goes through NarrowSchema, which gives the
 * error messages. Same answers as the schema, without its cost on the hot path.
 */
export function parseNarrow(value: unknown): NarrowTerm[] | undefined {
  if (!Array.isArray(value)) return undefined;
  for (const t of value) {
    if (typeof t !== "object" || t === null || Array.isArray(t) || typeof t.operator !== "string" || !isOperand(t.operand)) return undefined;
    for (const k in t)
      if (k !== "operator" && k !== "operand" && (k !== "negated" || (t.negated !== undefined && typeof t.negated !== "boolean"))) return undefined;
  }
  return value as NarrowTerm[];
}

/** A narrow compiled for one user: a candidate source (an index) and a predicate over messages. */
export interface CompiledNarrow {
  channel?: Channel;
  topic?: string;
  dmUserIds?: number[];
  /** A `sender` term: the sender's index holds every match. */
  senderId?: number;
  /** An `is:unread` term: the user's unread index holds every match. */
  unread?: boolean;
  /** An `id` term: that one message is the only possible match. */
  messageId?: number;
  test(message: Message): boolean;
}

type Predicate = (m: Message) => boolean;

function usersOf(rt: Runtime, operand: NarrowTerm["operand"], op: string): User[] {
  const refs = Array.isArray(operand) ? operand : typeof operand === "number" ? [operand] : operand.split(",").map((s) => s.trim());
  return refs.map((ref) => {
    const u = typeof ref === "number" || /^\d+$/.test(ref) ? rt.store.messageUser(Number(ref)) : rt.store.messageUserByEmail(ref);
    if (!u) throw badNarrow(`unknown user in ${op}: ${String(ref)}`);
    return u;
  });
}

/**
 * Compiles narrow terms (wire §14). The dm operators of FL177 (`dm`, `dm-including`, `is:dm`) exist only from
 * that level; the legacy ones (`pm-with`, `group-pm-with`, `is:private`) work at every level.
 */
export function compileNarrow(rt: Runtime, viewer: User, terms: NarrowTerm[]): CompiledNarrow {
  const out: CompiledNarrow = { test: () => true };
  const predicates: Predicate[] = [];
  const legacy = !(rt.fl.has("dmNarrowFilters") && rt.faulty("fl177.messages.legacy-dm-filters"));
  const dmOps = [...(rt.fl.has("dmNarrowFilters") ? ["dm"] : []), ...(legacy ? ["pm-with"] : [])];
  const dmIncludingOps = [...(rt.fl.has("dmNarrowFilters") ? ["dm-including"] : []), ...(legacy ? ["group-pm-with"] : [])];
  const dmIs = [...(rt.fl.has("dmNarrowFilters") ? ["dm"] : []), ...(legacy ? ["private"] : [])];
  for (const term of terms) {
    const { operator: op, operand } = term;
    let p: Predicate;
    if (op === "channel" || op === "stream") {
      const channel =
        typeof operand === "number" || (typeof operand === "string" && /^\d+$/.test(operand))
          ? rt.store.channels.get(Number(operand))
          : typeof operand === "string"
            ? rt.store.channelByName(operand)
            : undefined;
      if (!channel || !rt.access.canSeeChannel(viewer, channel)) throw badNarrow(`unknown channel ${JSON.stringify(operand)}`);
      if (!term.negated) out.channel = channel;
      p = (m) => m.channelId === channel.id;
    } else if (op === "topic") {
      if (rt.faulty("fl153.messages.narrow-channel-topic")) continue;
      if (typeof operand !== "string") throw badNarrow("topic operand must be a string");
      const topic = topicOperand(rt, operand);
      const t = topic.toLowerCase();
      if (!term.negated) out.topic = topic;
      // Topic names are interned by the store: the same name is mostly the same string, compared without lowering.
      p = (m) => m.type === "stream" && (m.topic === topic || m.topic.toLowerCase() === t);
    } else if (op === "sender") {
      const [u] = usersOf(rt, operand, op);
      if (!term.negated) out.senderId = u!.id;
      p = (m) => m.senderId === u!.id;
    } else if (dmOps.includes(op)) {
      const ids = [...new Set([viewer.id, ...usersOf(rt, operand, op).map((u) => u.id)])].sort((a, b) => a - b);
      if (!term.negated) out.dmUserIds = ids;
      const key = ids.join(",");
      p = (m) => m.type === "private" && m.dmUserIds.join(",") === key;
    } else if (dmIncludingOps.includes(op)) {
      const ids = usersOf(rt, operand, op).map((u) => u.id);
      p = (m) => m.type === "private" && ids.every((id) => m.dmUserIds.includes(id));
    } else if (op === "is") {
      p = isPredicate(rt, viewer, String(operand), dmIs);
      if (!term.negated && operand === "unread") out.unread = true;
    } else if (op === "id") {
      const id = Number(operand);
      if (!Number.isInteger(id)) throw badNarrow("id operand must be an integer");
      if (!term.negated) out.messageId = id;
      p = (m) => m.id === id;
    } else if (op === "search") {
      if (typeof operand !== "string" || operand.trim() === "") throw badNarrow("search operand must not be empty");
      const words = operand.toLowerCase().split(/\s+/);
      p = (m) => words.every((w) => m.content.toLowerCase().includes(w) || m.topic.toLowerCase().includes(w));
    } else if (op === "near") {
      continue;
    } else if (op === "in") {
      if (operand !== "home" && operand !== "all") throw badNarrow(`unknown 'in' operand ${String(operand)}`);
      continue;
    } else {
      if (rt.faulty("fl153.messages.bad-narrow")) continue;
      throw badNarrow(`unknown operator ${op}`);
    }
    predicates.push(term.negated ? (m) => !p(m) : p);
  }
  // A plain loop: the test runs for every message a page walks past, and `every` would make a closure each time.
  out.test = (m) => {
    for (const p of predicates) if (!p(m)) return false;
    return true;
  };
  return out;
}

/** From FL334 a topic operand equal to realm_empty_topic_display_name names the empty topic. */
function topicOperand(rt: Runtime, operand: string): string {
  const display = rt.store.realm.emptyTopicDisplayName;
  const named = operand.trim().toLowerCase() === display.toLowerCase();
  return named && rt.fl.has("topicNarrowDisplayName") ? "" : operand;
}

function isPredicate(rt: Runtime, viewer: User, operand: string, dmIs: string[]): Predicate {
  if (dmIs.includes(operand)) return (m) => m.type === "private";
  const flag = { starred: "starred", unread: "read", mentioned: "mentioned", alerted: "has_alert_word" }[operand];
  if (flag === undefined) throw badNarrow(`unknown 'is' operand ${operand}`);
  if (operand === "unread") return (m) => !(rt.store.flagsOf(viewer.id, m.id)?.has("read") ?? true);
  return (m) => rt.store.flagsOf(viewer.id, m.id)?.has(flag) ?? false;
}
