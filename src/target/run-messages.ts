import { ApiClient, type ApiResponse } from "../client/client.ts";
import type { PersonaRole } from "./personas.ts";
import type { TargetInfo } from "./target.ts";

/**
 * The messages a run sent, cleaned up once its tests are done: on a server that outlives runs every run would
 * otherwise leave its messages unread for the personas (tens a run; thousands after a few months of CI), and every
 * register, unread count and refetch of the next runs would carry them. Tests read the messages they send, so
 * nothing is removed while they run: the run's messages are found afterwards, each persona marks those it has
 * unread read, and each deletes the ones it sent where the organization lets it; the administrator deletes what
 * the personas were not let delete, and what the run's own users and bots sent. A message is the run's when it came
 * after the newest message any persona could read at the run's start, and a persona, a user of the run (its email
 * under the run's id) sent it, or its topic, channel or content names the run (a notification about a channel of
 * the run).
 */

/** Messages read per GET /messages page. */
const PAGE = 1000;
/** At most this many pages per persona: a run sends a few hundred messages. */
const MAX_PAGES = 20;

export interface RunMessagesCleanup {
  marked: number;
  deleted: number;
  /** What could not be done, each as one line (the run's leftovers). */
  left: string[];
}

const clientOf = (target: TargetInfo, role: PersonaRole) => {
  const p = target.personas[role]!;
  return new ApiClient(target.url, { email: p.email, apiKey: p.apiKey }, () => undefined, target.product);
};
const ok = (res: ApiResponse) => res.status >= 200 && res.status < 300;
type Row = Record<string, unknown>;

/** The newest message id any persona can read now (-1 when none): every message the run sends comes after it. */
export async function newestMessageId(target: TargetInfo): Promise<number> {
  let newest = -1;
  for (const role of Object.keys(target.personas) as PersonaRole[]) {
    try {
      const res = await clientOf(target, role).get("/messages", { anchor: "newest", num_before: 1, num_after: 0, narrow: [], apply_markdown: false });
      for (const m of ok(res) && Array.isArray(res.json?.messages) ? (res.json!.messages as Row[]) : [])
        if (typeof m.id === "number") newest = Math.max(newest, m.id);
    } catch {
      // A persona whose reads fail marks nothing: the suites say what is wrong with it.
    }
  }
  return newest;
}

/** Whether a message is the run's (see the file's comment). */
function ofRun(m: Row, runId: string, personaIds: ReadonlySet<number>): boolean {
  if (typeof m.sender_id === "number" && personaIds.has(m.sender_id)) return true;
  const names = [m.sender_email, m.subject, m.topic, typeof m.display_recipient === "string" ? m.display_recipient : undefined];
  if (names.some((n) => typeof n === "string" && n.startsWith(`${runId}-`))) return true;
  return typeof m.content === "string" && m.content.includes(`${runId}-`);
}

/**
 * The messages after `after` the client can read, `narrow` applied, oldest first. include_anchor is FL155's: an
 * older server refuses it, so there the anchor is the next id instead (the same messages: ids are integers).
 */
async function messagesAfter(client: ApiClient, after: number, narrow: Row[], level: number): Promise<Row[]> {
  const out: Row[] = [];
  // Ids are positive: with no message at the run's start (-1), every message comes after 0.
  let anchor = Math.max(after, 0);
  for (let page = 0; page < MAX_PAGES; page++) {
    const from = level >= 155 ? { anchor, include_anchor: false } : { anchor: anchor + 1 };
    const res = await client.get("/messages", { ...from, num_before: 0, num_after: PAGE, narrow, apply_markdown: false });
    if (!ok(res) || !Array.isArray(res.json?.messages)) break;
    const got = res.json!.messages as Row[];
    out.push(...got);
    const last = got.at(-1)?.id;
    if (res.json!.found_newest === true || typeof last !== "number") break;
    anchor = last;
  }
  return out;
}

/**
 * Marks the run's messages read for every persona and deletes those their senders (or the administrator) may
 * delete. `after`: newestMessageId at the run's start. Never throws.
 */
export async function cleanRunMessages(target: TargetInfo, after: number): Promise<RunMessagesCleanup> {
  const r: RunMessagesCleanup = { marked: 0, deleted: 0, left: [] };
  const roles = Object.keys(target.personas) as PersonaRole[];
  const personaIds = new Set(roles.map((role) => target.personas[role]!.userId));
  /** Deletes the messages as the client; returns those it was refused, each with the reason. */
  const remove = async (client: ApiClient, ids: number[]): Promise<Array<[id: number, why: string]>> => {
    const refused: Array<[number, string]> = [];
    for (const id of ids) {
      const res = await client.delete(`/messages/${id}`).catch(() => undefined);
      if (res && (ok(res) || res.status === 404)) r.deleted++;
      else refused.push([id, res ? `HTTP ${res.status}${typeof res.json?.code === "string" ? ` ${res.json.code}` : ""}` : "no answer"]);
    }
    return refused;
  };
  const refused: Array<[number, string]> = [];
  // Every persona marks first, so that what no one may delete is at least read.
  for (const role of roles) {
    try {
      const client = clientOf(target, role);
      const ids = (await messagesAfter(client, after, [{ operator: "is", operand: "unread" }], target.featureLevel))
        .filter((m) => ofRun(m, target.runId, personaIds))
        .map((m) => m.id as number);
      if (!ids.length) continue;
      const res = await client.post("/messages/flags", { messages: ids, op: "add", flag: "read" });
      if (ok(res)) r.marked += ids.length;
      else r.left.push(`${ids.length} unread messages of the run for ${role}: marking them read answered HTTP ${res.status}`);
    } catch (e) {
      r.left.push(`the run's unread messages for ${role}: ${(e as Error).message.split("\n")[0]}`);
    }
  }
  const deleted = new Set<number>();
  const manager = (["administrator", "owner"] as const).find((role) => target.personas[role]);
  // What a persona may not delete of its own (the organization limits who deletes their own messages, and until
  // when) the manager deletes, as it may any message.
  const notTheirs: number[] = [];
  for (const role of roles) {
    try {
      const client = clientOf(target, role);
      const own = (await messagesAfter(client, after, [{ operator: "sender", operand: target.personas[role]!.userId }], target.featureLevel))
        .map((m) => m.id as number)
        .filter((id) => !deleted.has(id));
      for (const id of own) deleted.add(id);
      const kept = await remove(client, own);
      if (manager && role !== manager) notTheirs.push(...kept.map(([id]) => id));
      else refused.push(...kept);
    } catch (e) {
      r.left.push(`the run's messages sent by ${role}: ${(e as Error).message.split("\n")[0]}`);
    }
  }
  if (manager) refused.push(...(await remove(clientOf(target, manager), notTheirs)));
  // What the run's own users and bots sent: the administrator deletes it, found from every persona's view (the
  // administrator need not be subscribed to the run's channel where they wrote, and it may be archived by now).
  if (manager) {
    const others = new Set<number>();
    for (const role of roles) {
      try {
        for (const m of await messagesAfter(clientOf(target, role), after, [], target.featureLevel)) {
          const id = m.id as number;
          if (!deleted.has(id) && typeof m.sender_id === "number" && !personaIds.has(m.sender_id) && ofRun(m, target.runId, personaIds)) others.add(id);
        }
      } catch (e) {
        r.left.push(`the messages of the run's users, as ${role} sees them: ${(e as Error).message.split("\n")[0]}`);
      }
    }
    refused.push(...(await remove(clientOf(target, manager), [...others])));
  }
  const byWhy = new Map<string, number[]>();
  for (const [id, why] of refused) byWhy.set(why, [...(byWhy.get(why) ?? []), id]);
  for (const [why, ids] of byWhy) {
    const shown = `${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", …" : ""}`;
    r.left.push(`${ids.length} message${ids.length === 1 ? "" : "s"} of the run not deleted (${shown}): ${why} (marked read)`);
  }
  return r;
}
