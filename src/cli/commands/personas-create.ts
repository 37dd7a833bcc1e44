import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { ApiClient } from "../../client/client.ts";
import { checkAccount, personaProblems } from "../../target/preflight.ts";
import { DEFAULT_CHANNEL, PERSONA_ROLES, ROLE_VALUE, type Persona, type PersonaRole, type Personas } from "../../target/personas.ts";
import type { TargetInfo } from "../../target/target.ts";
import { personasDocumentOf } from "../personas-doc.ts";
import { DEFAULT_PERSONA_PREFIX } from "../specs/personas.ts";
import { UsageError, type Io } from "../usage.ts";
import { createdOf, type Created } from "./personas-remove.ts";
import { answer, type AdminSession, type PersonasValues } from "./personas-session.ts";
import { checkOutFile } from "../out-option.ts";

/** How Zulip grants the permission POST /users needs (a server-level flag no API sets). */
const GRANT = (email: string) =>
  `creating accounts through the API needs the can_create_users permission; on a self-hosted Zulip, grant it with \`/home/zulip/deployments/current/manage.py change_user_role ${email} can_create_users\` (as the zulip user; add -r REALM_ID on a server with several organizations), then run this again`;

/** The local part of a made account's email: "second-member" for secondMember. */
const slug = (role: PersonaRole) => role.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const title = (role: PersonaRole) => slug(role).replace(/(^|-)(\w)/g, (_m, sep: string, c: string) => `${sep ? " " : ""}${c.toUpperCase()}`);

/** The existing --out document, whose working personas are kept (a second create completes a first). */
function existing(file: string | undefined): { personas: Personas; serverConfig?: TargetInfo["serverConfig"]; channel?: string; created: Created } {
  const none = { personas: {}, created: { users: [], bots: [] } };
  if (file === undefined || !existsSync(file)) return none;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new UsageError(`--out ${file}: exists and is not a personas document (${(e as Error).message}); give another file, or remove it`);
  }
  const d = personasDocumentOf(doc, `--out ${file}`);
  const hasCreated = doc !== null && typeof doc === "object" && "created" in doc;
  return {
    personas: d.personas,
    ...(d.serverConfig ? { serverConfig: d.serverConfig } : {}),
    ...(d.organization?.channel ? { channel: d.organization.channel } : {}),
    created: hasCreated ? createdOf(doc, `--out ${file}`) : none.created,
  };
}

/** Makes one human account: POST /users, its key by POST /fetch_api_key, its role by PATCH /users/{id}. */
async function makeUser(s: AdminSession, role: Exclude<PersonaRole, "bot">, email: string, fullName: string, created: Created): Promise<Persona> {
  const password = randomBytes(18).toString("base64url");
  const made = await s.call("POST", "/users", { email, password, full_name: fullName });
  if (made.status !== 200 || typeof made.json?.user_id !== "number") {
    const refused = made.status === 400 || made.status === 403;
    throw new UsageError(`POST /users (to make the ${role} persona) as ${s.email} answered ${answer(made)}${refused ? `: ${GRANT(s.email)}` : ""}`);
  }
  const userId = made.json.user_id;
  created.users.push(userId);
  const key = await s.call("POST", "/fetch_api_key", { username: email, password }, new ApiClient(s.url, null, () => undefined, s.product));
  if (key.status !== 200 || typeof key.json?.api_key !== "string") {
    throw new UsageError(
      `POST /fetch_api_key for the new ${role} account ${email} answered ${answer(key)}: the server must allow password login (Zulip's EmailAuthBackend) for the made accounts`,
    );
  }
  const value = ROLE_VALUE[role];
  if (value !== 400) {
    const set = await s.call("PATCH", `/users/${userId}`, { role: value });
    if (set.status !== 200) throw new UsageError(`PATCH /users/${userId} role=${value} (the ${role} persona) answered ${answer(set)}`);
  }
  return { email, apiKey: key.json.api_key, userId };
}

/**
 * Makes the bot persona: a generic bot of the member persona's, as the suites expect ("its own bot"), made by the
 * member (POST /bots answers with its key); its email from GET /users/{id}.
 */
async function makeBot(s: AdminSession, owner: Persona, shortName: string, fullName: string, created: Created): Promise<Persona> {
  const made = await s.call(
    "POST",
    "/bots",
    { full_name: fullName, short_name: shortName },
    new ApiClient(s.url, { email: owner.email, apiKey: owner.apiKey }, () => undefined, s.product),
  );
  if (made.status !== 200 || typeof made.json?.user_id !== "number" || typeof made.json.api_key !== "string")
    throw new UsageError(`POST /bots (to make the bot persona) answered ${answer(made)}`);
  const userId = made.json.user_id;
  created.bots.push(userId);
  const shown = await s.call("GET", `/users/${userId}`);
  const email = (shown.json?.user as { email?: unknown } | undefined)?.email;
  if (shown.status !== 200 || typeof email !== "string") throw new UsageError(`GET /users/${userId} (the new bot) answered ${answer(shown)}`);
  return { email, apiKey: made.json.api_key, userId };
}

/** The channel the suites share: made if absent, with every persona subscribed (a subscription that exists stays). */
async function shareChannel(s: AdminSession, name: string, personas: Personas): Promise<void> {
  const principals = Object.values(personas).map((p) => p.userId);
  const res = await s.call("POST", "/users/me/subscriptions", {
    subscriptions: [{ name, description: "Where the conformance suites' personas meet" }],
    principals,
  });
  if (res.status !== 200) throw new UsageError(`POST /users/me/subscriptions (the channel '${name}' with the personas) answered ${answer(res)}`);
}

/** `personas create`: completes the personas on the server, checks them, and writes (or prints) the document. */
export async function createPersonas(s: AdminSession, values: PersonasValues, io: Io): Promise<number> {
  // Before any account is made: a document that cannot be written would leave them made and unlisted.
  if (values.out !== undefined) checkOutFile("--out", values.out);
  const prefix = values.prefix ?? DEFAULT_PERSONA_PREFIX;
  if (!/^[a-z0-9][a-z0-9-]{0,30}$/.test(prefix))
    throw new UsageError(`--prefix must be 1–31 lowercase letters, digits and -, starting with a letter or digit, got '${prefix}'`);
  const adminRole: PersonaRole | undefined = s.me.role === 100 ? "owner" : s.me.role === 200 ? "administrator" : undefined;
  if (!adminRole)
    throw new UsageError(`--admin-email ${s.email} is not an organization owner or administrator (role ${s.me.role}); personas create acts as one`);
  const before = existing(values.out);
  const channel = values.channel ?? before.channel ?? DEFAULT_CHANNEL;
  const personas: Personas = { [adminRole]: { email: s.email, apiKey: s.apiKey, userId: s.me.userId } };
  const created: Created = { users: [], bots: [] };
  const kept: PersonaRole[] = [];
  // Personas of an earlier create that still work are kept, and so is the record of what it made.
  for (const role of PERSONA_ROLES) {
    const p = before.personas[role];
    if (!p || role === adminRole || p.userId === s.me.userId) continue;
    if ((await checkAccount({ url: s.url, product: s.product, personas: {} }, role, p)).problems.length) continue;
    personas[role] = p;
    kept.push(role);
  }
  for (const id of before.created.users) if (Object.values(personas).some((p) => p.userId === id)) created.users.push(id);
  for (const id of before.created.bots) if (Object.values(personas).some((p) => p.userId === id)) created.bots.push(id);
  const domain = s.email.split("@")[1] ?? "example.com";
  // A stamp of this invocation in every email: a deactivated account of an earlier run keeps its address.
  const stamp = Date.now().toString(36).slice(-5);
  const made: PersonaRole[] = [];
  const notes: string[] = [];
  const documentOf = () => ({
    url: s.url,
    featureLevel: s.featureLevel,
    personas: Object.fromEntries(PERSONA_ROLES.flatMap((r) => (personas[r] ? [[r, personas[r]]] : []))),
    ...(before.serverConfig ? { serverConfig: before.serverConfig } : {}),
    ...(channel !== DEFAULT_CHANNEL ? { organization: { channel } } : {}),
    created,
  });
  const write = (): void => {
    const text = `${JSON.stringify(documentOf(), null, 2)}\n`;
    if (values.out === undefined) return io.out(text);
    writeFileSync(values.out, text, { mode: 0o600 });
    // The mode of a file that existed is not changed by writing it.
    chmodSync(values.out, 0o600);
  };
  const keptAccounts = created.users.length + created.bots.length;
  try {
    for (const role of PERSONA_ROLES) {
      if (personas[role]) continue;
      if (role === "owner" && adminRole !== "owner") {
        notes.push(
          "no owner persona: only an organization owner may make an owner; run with an owner's account, or add one by hand (tests that need it are reported not verifiable)",
        );
        continue;
      }
      const local = `${prefix}-${slug(role)}-${stamp}`;
      personas[role] =
        role === "bot"
          ? await makeBot(s, personas.member ?? personas[adminRole]!, local, `${title(role)} (${prefix})`, created)
          : await makeUser(s, role, `${local}@${domain}`, `${title(role)} (${prefix})`, created);
      made.push(role);
    }
    await shareChannel(s, channel, personas);
  } catch (e) {
    // What was made before the refusal is on the server: the file says so, for a second create or for remove.
    if (e instanceof UsageError && values.out !== undefined && created.users.length + created.bots.length > keptAccounts) {
      write();
      throw new UsageError(
        `${e.message} (the ${made.length} accounts made before it are in ${values.out}: run create again to complete it, or personas remove)`,
      );
    }
    throw e;
  }
  write();
  io.err(
    `chat-conformance: ${adminRole} is ${s.email}; made ${made.length ? made.join(", ") : "nothing"}${kept.length ? `; kept ${kept.join(", ")}` : ""}; channel '${channel}' with every persona subscribed${values.out !== undefined ? `; wrote ${values.out} (mode 0600: it holds API keys, keep it out of version control)` : ""}`,
  );
  for (const n of notes) io.err(`  note: ${n}`);
  const problems = await personaProblems({ url: s.url, product: s.product, personas, ...(channel !== DEFAULT_CHANNEL ? { organization: { channel } } : {}) });
  if (problems.length) {
    io.err(`chat-conformance: the personas made do not pass run --target's check:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    return 1;
  }
  return 0;
}
