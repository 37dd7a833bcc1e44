import { z } from "zod";
import { describeIssue } from "../json-file.ts";
import { UsageError, type Io } from "../usage.ts";
import { answer, type AdminSession } from "./personas-session.ts";

/** What `personas create` made, as its personas document lists it: `remove` deactivates these and nothing else. */
export const CreatedSchema = z.strictObject({
  users: z.array(z.number().int().positive()),
  bots: z.array(z.number().int().positive()),
});
export type Created = z.infer<typeof CreatedSchema>;

/** The document's `created` list; a document without one was not written by `personas create`. */
export function createdOf(doc: unknown, where: string): Created {
  const raw = doc !== null && typeof doc === "object" && !Array.isArray(doc) ? (doc as { created?: unknown }).created : undefined;
  if (raw === undefined) throw new UsageError(`${where}: has no "created" list (only a file personas create wrote says which accounts it made)`);
  const r = CreatedSchema.safeParse(raw);
  if (!r.success) throw new UsageError(`${where}: ${describeIssue(r.error, "created.")}`);
  return r.data;
}

/** Whether GET /users/{id} shows the account deactivated (or gone). */
async function inactive(s: AdminSession, id: number): Promise<boolean> {
  const res = await s.call("GET", `/users/${id}`);
  return res.status === 404 || (res.status === 200 && (res.json?.user as { is_active?: unknown } | undefined)?.is_active === false);
}

/** `personas remove`: deactivates the bots (DELETE /bots/{id}) and users (DELETE /users/{id}) create made. */
export async function removePersonas(s: AdminSession, made: Created, io: Io): Promise<number> {
  const failed: string[] = [];
  let done = 0;
  const accounts = [
    ...made.bots.map((id) => ({ id, path: `/bots/${id}`, kind: "bot" })),
    ...made.users.map((id) => ({ id, path: `/users/${id}`, kind: "user" })),
  ];
  for (const a of accounts) {
    if (a.id === s.me.userId) continue;
    const res = await s.call("DELETE", a.path);
    if ((res.status >= 200 && res.status < 300) || (await inactive(s, a.id))) done++;
    else failed.push(`${a.kind} ${a.id}: DELETE ${a.path} answered ${answer(res)}`);
  }
  io.err(`chat-conformance: deactivated ${done} of ${accounts.length} accounts personas create made on ${s.url}`);
  for (const f of failed) io.err(`  not deactivated: ${f}`);
  return failed.length ? 1 : 0;
}
