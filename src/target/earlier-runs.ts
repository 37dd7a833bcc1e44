import { ApiClient, type ApiResponse } from "../client/client.ts";
import { operationExistsAt } from "../../facts/zulip-operations.ts";
import type { PersonaRole } from "./personas.ts";
import type { TargetInfo } from "./target.ts";

/**
 * What earlier runs of the tool left on a long-lived server (a CI's staging organization), found by their run
 * prefix and removed before the suites start: a run cut off by a timeout never ran its cleanups, and its scheduled
 * messages come due in the middle of the next run (a message event where a test waits for a heartbeat), its
 * channels, groups and users swell every register. Each thing a run makes carries its run's id (t.unique: `cc`, the
 * run's start time in base 36, `-`), and a run's id is always its start time, so a name tells which run made it and
 * whether that run began before this one.
 *
 * Event queues are not among them: the API lists no queues, and the server drops one its client stopped polling
 * (queue_lifespan_secs). Removal needs the rights a test's cleanup needs: the administrator or owner for channels,
 * users, bots and invitations; each persona for its own scheduled messages and the groups it may manage. What the
 * personas may not remove is reported as left.
 */

/** A run's id as newRunId makes it, at the start of a name (`cc` and 6 to 10 base-36 digits, then `-`). */
const RUN_PREFIX = /^(cc[0-9a-z]{6,10})-/;
/** The run of a thing that carries no run's name (see dueBetweenPersonas). */
const UNNAMED_RUN = "cc?";

export interface EarlierRunsSweep {
  /** The things found, by kind ("channel", "scheduled message", …), and how many were removed. */
  found: Record<string, number>;
  removed: Record<string, number>;
  /** What could not be removed, each as "kind name: why". */
  left: string[];
  /** The earlier runs whose things were found. */
  runs: string[];
  /** --read-only: nothing was removed. */
  readOnly: boolean;
}

/** The earlier run's id a name starts with; null when the name is no run's, or this run's own. */
export function earlierRunOf(name: unknown, runId: string): string | null {
  if (typeof name !== "string") return null;
  const m = RUN_PREFIX.exec(name);
  if (!m || m[1] === runId) return null;
  const started = parseInt(m[1]!.slice(2), 36);
  const ours = parseInt(runId.slice(2), 36);
  // A run that began after this one is a run beside it, not an earlier one.
  return Number.isFinite(ours) && started > ours ? null : m[1]!;
}

const ok = (res: ApiResponse) => res.status >= 200 && res.status < 300;
type Row = Record<string, unknown>;
const rows = (res: ApiResponse, key: string): Row[] => (ok(res) && Array.isArray(res.json?.[key]) ? (res.json![key] as Row[]) : []);

/** One line for the console and results.json: what was found and removed, or that there was nothing. */
export function describeSweep(s: EarlierRunsSweep): string | null {
  const kinds = Object.keys(s.found);
  if (!kinds.length) return null;
  const count = (n: number, kind: string) => `${n} ${kind}${n === 1 ? "" : "s"}`;
  const found = kinds.map((k) => count(s.found[k]!, k)).join(", ");
  const runs = s.runs.length ? `${s.runs.length} earlier run${s.runs.length === 1 ? "" : "s"}` : "earlier runs";
  if (s.readOnly) return `earlier runs: found ${found} left by ${runs}; --read-only, so nothing was removed`;
  const removed = kinds.filter((k) => s.removed[k]).map((k) => count(s.removed[k]!, k));
  const named = s.runs.length && s.runs.length <= 3 ? ` (${s.runs.join(", ")})` : "";
  if (!s.left.length) return `earlier runs: removed ${found} left by ${runs}${named}`;
  return `earlier runs: removed ${removed.join(", ") || "nothing"} of ${found} left by ${runs}${named}; ${s.left.length} could not be removed (first: ${s.left[0]})`;
}

/**
 * Finds what earlier runs left, by their prefix, and removes it (unless the run is read-only). Never throws: a
 * listing the target refuses finds nothing of its kind.
 */
export async function sweepEarlierRuns(target: TargetInfo): Promise<EarlierRunsSweep> {
  const s: EarlierRunsSweep = { found: {}, removed: {}, left: [], runs: [], readOnly: target.readOnly === true };
  const runs = new Set<string>();
  const clientOf = (role: PersonaRole) => {
    const p = target.personas[role]!;
    return new ApiClient(target.url, { email: p.email, apiKey: p.apiKey }, () => undefined, target.product);
  };
  const roles = Object.keys(target.personas) as PersonaRole[];
  const managerRole = (["administrator", "owner"] as const).find((r) => target.personas[r]);
  const manager = managerRole ? clientOf(managerRole) : undefined;
  const personaIds = new Set(roles.map((r) => target.personas[r]!.userId));

  /** Counts one thing of an earlier run, removes it with `remove` (unless read-only), and records the outcome. */
  const take = async (kind: string, label: string, run: string, remove: (() => Promise<ApiResponse>) | null): Promise<void> => {
    runs.add(run);
    s.found[kind] = (s.found[kind] ?? 0) + 1;
    if (s.readOnly) return;
    if (!remove) {
      s.left.push(`${kind} ${label}: no persona may remove it`);
      return;
    }
    try {
      const res = await remove();
      if (ok(res) || res.status === 404) s.removed[kind] = (s.removed[kind] ?? 0) + 1;
      else s.left.push(`${kind} ${label}: HTTP ${res.status}${typeof res.json?.msg === "string" ? ` ${res.json.msg}` : ""}`);
    } catch (e) {
      s.left.push(`${kind} ${label}: ${(e as Error).message.split("\n")[0]}`);
    }
  };
  const attempt = async (what: () => Promise<void>) => {
    try {
      await what();
    } catch {
      // An unreachable or refusing target: nothing found of this kind, and the suites will say what is wrong.
    }
  };

  // Scheduled messages first: they are what an earlier run's leftovers do to the next one. Each persona sees its
  // own; one to a channel of an earlier run, or whose topic or content carries its prefix, is that run's.
  const channelRuns = new Map<number, string>();
  if (manager) {
    await attempt(async () => {
      // The level's own name for "every channel": include_all from FL356, include_all_active before.
      const all = rows(await manager.get("/streams", target.featureLevel >= 356 ? { include_all: true } : { include_all_active: true }), "streams");
      for (const c of all) {
        const run = earlierRunOf(c.name, target.runId);
        if (run && typeof c.stream_id === "number" && c.is_archived !== true) channelRuns.set(c.stream_id, run);
      }
    });
  }
  // Only where the level has them: a client that knows its server's level asks for nothing it lacks.
  for (const role of operationExistsAt("get-scheduled-messages", target.featureLevel) ? roles : []) {
    await attempt(async () => {
      const client = clientOf(role);
      for (const m of rows(await client.get("/scheduled_messages"), "scheduled_messages")) {
        const run =
          (typeof m.to === "number" ? channelRuns.get(m.to) : undefined) ??
          earlierRunOf(m.topic, target.runId) ??
          earlierRunOf(m.content, target.runId) ??
          dueBetweenPersonas(m, personaIds);
        if (run)
          await take("scheduled message", String(m.scheduled_message_id), run, () => client.delete(`/scheduled_messages/${String(m.scheduled_message_id)}`));
      }
    });
  }

  // Channels before groups: a channel's permission settings may name a group, which keeps it in use.
  for (const [id, run] of channelRuns) await take("channel", String(id), run, manager ? () => manager.delete(`/streams/${id}`) : null);

  // Each group as a persona that may manage it (the manager, else its creator among the personas). A group still in
  // use as another group's subgroup or setting is refused until that one goes, so refused ones are tried again
  // while a pass removes any.
  await attempt(async () => {
    const lister = manager ?? (roles[0] ? clientOf(roles[0]) : undefined);
    if (!lister) return;
    const groups: Array<{ label: string; run: string; remove: (() => Promise<ApiResponse>) | null; answer?: ApiResponse }> = [];
    for (const g of rows(await lister.get("/user_groups"), "user_groups")) {
      const run = earlierRunOf(g.name, target.runId);
      if (!run || g.deactivated === true || g.is_system_group === true) continue;
      const creator = roles.find((r) => target.personas[r]!.userId === g.creator_id);
      const by = manager ?? (creator ? clientOf(creator) : undefined);
      groups.push({ label: String(g.name), run, remove: by ? () => deactivateGroup(by, Number(g.id), target.featureLevel) : null });
    }
    for (let pending = s.readOnly ? [] : groups.filter((g) => g.remove), before = Infinity; pending.length && pending.length < before;) {
      for (const g of pending) g.answer = await g.remove!();
      before = pending.length;
      pending = pending.filter((g) => !ok(g.answer!) && g.answer!.status !== 404);
    }
    // Recorded as take records any removal: its last answer.
    for (const g of groups) await take("group", g.label, g.run, g.remove && (g.answer ? async () => g.answer! : g.remove));
  });

  if (manager) {
    await attempt(async () => {
      for (const u of rows(await manager.get("/users"), "members")) {
        if (u.is_active === false || typeof u.user_id !== "number" || personaIds.has(u.user_id)) continue;
        // Users' and bots' emails start with their run's id (a bot's short name is one).
        const run = earlierRunOf(u.email, target.runId) ?? earlierRunOf(u.delivery_email, target.runId);
        if (!run) continue;
        await take(u.is_bot === true ? "bot" : "user", String(u.email), run, () =>
          manager.delete(u.is_bot === true ? `/bots/${String(u.user_id)}` : `/users/${String(u.user_id)}`),
        );
      }
    });
    await attempt(async () => {
      for (const i of rows(await manager.get("/invites"), "invites")) {
        const run = earlierRunOf(i.email, target.runId);
        if (run && typeof i.id === "number" && i.is_multiuse !== true)
          await take("invitation", String(i.email), run, () => manager.delete(`/invites/${String(i.id)}`));
      }
    });
  }
  s.runs = [...runs].filter((r) => r !== UNNAMED_RUN).sort();
  return s;
}

/**
 * A direct scheduled message among the personas alone: the suites' direct ones carry no prefix (a short content
 * such as "x"), but only the tool schedules messages among its own accounts, and the sweep runs before this run
 * has scheduled any. Counted under the run "cc?" (no run can be named).
 */
function dueBetweenPersonas(m: Row, personaIds: ReadonlySet<number>): string | null {
  if (m.type !== "private" && m.type !== "direct") return null;
  const to = Array.isArray(m.to) ? (m.to as unknown[]) : [];
  return to.length && to.every((id) => typeof id === "number" && personaIds.has(id)) ? UNNAMED_RUN : null;
}

/** Deactivates a group (FL294), or deletes it at a level with no deactivation. */
async function deactivateGroup(client: ApiClient, id: number, level: number): Promise<ApiResponse> {
  return level >= 294 ? client.post(`/user_groups/${id}/deactivate`) : client.delete(`/user_groups/${id}`);
}
