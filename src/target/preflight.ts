import { ApiClient, NetworkError, type ApiResponse } from "../client/client.ts";
import { TargetError } from "./detect.ts";
import { DEFAULT_CHANNEL, MEMBER_PERSONAS, PERSONA_ROLES, ROLE_VALUE, type Organization, type Persona, type PersonaRole, type Personas } from "./personas.ts";

/**
 * The personas file does not describe the server: a key refused, a userId or role that is not the account's, two
 * roles on one account, or no channel the suites can use. Each problem is one line naming the persona; the run
 * stops with exit code 2 before any test, since every test would otherwise fail for a reason that is not the
 * server's conformance.
 */
export class PersonaCheckError extends TargetError {
  override name = "PersonaCheckError";
  constructor(readonly problems: string[]) {
    super(
      `the personas do not match the server (${problems.length} problem${problems.length === 1 ? "" : "s"}; fix the personas file or the accounts):\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
  }
}

export interface PreflightTarget {
  url: string;
  product: "chat" | "zulip";
  personas: Personas;
  organization?: Organization;
}

const ROLE_NAME: Record<number, string> = { 100: "owner", 200: "administrator", 300: "moderator", 400: "member", 600: "guest" };
/** stream_post_policy values that let an ordinary member post (1 everyone, 3 full members, which a new organization makes everyone). */
const MEMBERS_MAY_POST = new Set([1, 3]);

const label = (role: PersonaRole, p: Persona) => `persona ${role} (${p.email})`;
const why = (res: ApiResponse) =>
  `HTTP ${res.status}${typeof res.json?.msg === "string" && res.json.msg ? ` ${res.json.msg}` : res.text ? ` ${res.text.trim().slice(0, 120)}` : ""}`;

async function ask(client: ApiClient, path: string, params: Record<string, string | number> = {}): Promise<ApiResponse | string> {
  try {
    return await client.get(path, params, { timeoutMs: 15_000 });
  } catch (e) {
    return `GET ${path} got no answer (${e instanceof NetworkError ? ((e.cause as Error | undefined)?.message ?? e.message) : (e as Error).message})`;
  }
}

/** The account behind one persona, or the problems that make it unusable. */
export async function checkAccount(t: PreflightTarget, role: PersonaRole, p: Persona): Promise<{ problems: string[]; userId?: number; ownerId?: number }> {
  const client = new ApiClient(t.url, { email: p.email, apiKey: p.apiKey }, () => undefined, t.product);
  const res = await ask(client, "/users/me");
  const who = label(role, p);
  if (typeof res === "string") return { problems: [`${who}: ${res}`] };
  if (res.status === 401) return { problems: [`${who}: the API key is refused: ${why(res)}`] };
  if (res.status !== 200 || res.json?.result !== "success") return { problems: [`${who}: GET /users/me answered ${why(res)}`] };
  const me = res.json;
  const problems: string[] = [];
  const userId = typeof me.user_id === "number" ? me.user_id : undefined;
  if (userId !== p.userId) problems.push(`${who}: userId is ${p.userId} in the personas file, but the account's user_id is ${String(me.user_id)}`);
  if (role === "bot") {
    if (me.is_bot !== true) problems.push(`${who}: is not a bot (GET /users/me is_bot ${String(me.is_bot)}); the bot persona is a bot's email and API key`);
  } else {
    const expected = ROLE_VALUE[role];
    if (me.is_bot === true) problems.push(`${who}: is a bot; the ${role} persona is a human account`);
    // Servers before the `role` field tell the role by flags.
    const actual = typeof me.role === "number" ? me.role : me.is_owner === true ? 100 : me.is_admin === true ? 200 : me.is_guest === true ? 600 : undefined;
    if (actual !== undefined && actual !== expected)
      problems.push(
        `${who}: the account's role is ${ROLE_NAME[actual] ?? "unknown"} (${actual}); the ${role} persona needs role ${expected} (${ROLE_NAME[expected]})`,
      );
  }
  const ownerId = typeof me.bot_owner_id === "number" ? me.bot_owner_id : undefined;
  return { problems, ...(userId !== undefined ? { userId } : {}), ...(ownerId !== undefined ? { ownerId } : {}) };
}

/** Whether the member persona can use the channel the suites share: it sees it, and may post to it. */
async function checkChannel(t: PreflightTarget, role: PersonaRole, p: Persona, name: string): Promise<string[]> {
  const client = new ApiClient(t.url, { email: p.email, apiKey: p.apiKey }, () => undefined, t.product);
  const who = label(role, p);
  const remedy = `create it (public, members may post), or name another in the personas file's "organization": {"channel": "…"}`;
  const found = await ask(client, "/get_stream_id", { stream: name });
  if (typeof found === "string") return [`${who}: ${found}`];
  const id = found.json?.stream_id;
  if (found.status !== 200 || typeof id !== "number")
    return [`${who}: cannot find the channel '${name}' the suites post to (GET /get_stream_id answered ${why(found)}): ${remedy}`];
  const shown = await ask(client, `/streams/${id}`);
  if (typeof shown === "string") return [`${who}: ${shown}`];
  const stream = shown.json?.stream as { invite_only?: unknown; is_archived?: unknown; stream_post_policy?: unknown } | undefined;
  if (shown.status !== 200 || !stream) return [`${who}: cannot read the channel '${name}' (GET /streams/${id} answered ${why(shown)})`];
  if (stream.is_archived === true) return [`${who}: the channel '${name}' is archived: ${remedy}`];
  if (typeof stream.stream_post_policy === "number" && !MEMBERS_MAY_POST.has(stream.stream_post_policy))
    return [`${who}: may not post to the channel '${name}' (stream_post_policy ${stream.stream_post_policy}): ${remedy}`];
  if (stream.invite_only === true) {
    const sub = await ask(client, `/users/${p.userId}/subscriptions/${id}`);
    if (typeof sub !== "string" && sub.status === 200 && sub.json?.is_subscribed !== true)
      return [`${who}: is not subscribed to the private channel '${name}' the suites post to: subscribe it, or ${remedy}`];
  }
  return [];
}

/**
 * Checks every persona against the server before any test runs (GET /users/me with its key: accepted, its
 * userId, its role, the bot a bot, no two personas one account) and what the suites assume of the organization
 * (the member personas can post to its shared channel). Returns the problems, one line each, naming the persona.
 */
export async function personaProblems(t: PreflightTarget): Promise<string[]> {
  const roles = PERSONA_ROLES.filter((r) => t.personas[r] !== undefined);
  const accounts = await Promise.all(roles.map((r) => checkAccount(t, r, t.personas[r]!)));
  const problems = accounts.flatMap((a) => a.problems);
  const owners = new Map<number, PersonaRole>();
  roles.forEach((role, i) => {
    const id = accounts[i]!.userId ?? t.personas[role]!.userId;
    const first = owners.get(id);
    if (first !== undefined)
      problems.push(`${label(role, t.personas[role]!)}: the same account (user ${id}) as persona ${first}; each persona is an account of its own`);
    else owners.set(id, role);
  });
  // The suites treat the bot as the member's own (GET /streams/{id}/email_address sender_id, bot settings).
  const bot = accounts[roles.indexOf("bot")];
  if (bot && t.personas.member && bot.ownerId !== undefined && bot.ownerId !== t.personas.member.userId) {
    problems.push(
      `${label("bot", t.personas.bot!)}: its owner is user ${bot.ownerId}; the suites expect the member persona's own bot (bot_owner_id ${t.personas.member.userId})`,
    );
  }
  const usable = (r: PersonaRole) => t.personas[r] !== undefined && accounts[roles.indexOf(r)]!.problems.length === 0;
  const channel = t.organization?.channel ?? DEFAULT_CHANNEL;
  const members = MEMBER_PERSONAS.filter(usable);
  problems.push(...(await Promise.all(members.map((r) => checkChannel(t, r, t.personas[r]!, channel)))).flat());
  return problems;
}

/** personaProblems, thrown as one PersonaCheckError when there are any. */
export async function checkPersonas(t: PreflightTarget): Promise<void> {
  const problems = await personaProblems(t);
  if (problems.length) throw new PersonaCheckError(problems);
}
