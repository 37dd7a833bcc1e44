import { describe, expect, it } from "vitest";
import { apiError, serversPerTest, type Ops, type Persona } from "./zulip-ops-support.ts";

/** GET /attachments, DELETE /attachments/{attachment_id}, the attachment events and temporary file URLs. */
const start = serversPerTest();

function basic(ops: Ops, who: Persona): string {
  const p = ops.server.personas[who]!;
  return `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString("base64")}`;
}

async function upload(ops: Ops, who: Persona, text: string, name = "notes.txt"): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/plain" }), name);
  const res = await fetch(`${ops.server.url}/api/v1/user_uploads`, { method: "POST", headers: { authorization: basic(ops, who) }, body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { uri: string }).uri;
}

type Attachment = { id: number; name: string; path_id: string; size: number; create_time: number; messages: Array<{ id: number; date_sent: number }> };

async function attachments(ops: Ops, who: Persona): Promise<{ attachments: Attachment[]; upload_space_used: number }> {
  const r = await ops.call(who, "GET", "/attachments");
  expect(r.status).toBe(200);
  return r.body as unknown as { attachments: Attachment[]; upload_space_used: number };
}

describe("GET /attachments", () => {
  it("lists the requester's files with the messages linking them, and the organization's space used", async () => {
    const ops = await start();
    const url = await upload(ops, "member", "hello");
    await upload(ops, "secondMember", "other file");
    const sent = await ops.call("member", "POST", "/messages", { type: "stream", to: "general", topic: "files", content: `see [notes](${url})` });
    expect(sent.status).toBe(200);
    const mine = await attachments(ops, "member");
    expect(mine.upload_space_used).toBe("hello".length + "other file".length);
    expect(mine.attachments).toHaveLength(1);
    const [a] = mine.attachments;
    expect(Object.keys(a!).sort()).toEqual(["create_time", "id", "messages", "name", "path_id", "size"]);
    expect(a).toMatchObject({ name: "notes.txt", path_id: url.slice("/user_uploads/".length), size: 5 });
    expect(a!.create_time).toBeGreaterThan(1e12);
    expect(a!.messages).toEqual([{ id: sent.body.id, date_sent: expect.any(Number) }]);
    expect(a!.messages[0]!.date_sent % 1000).toBe(0);
  });

  it("is empty for a user who uploaded nothing", async () => {
    const ops = await start();
    await upload(ops, "member", "hello");
    expect(await attachments(ops, "guest")).toMatchObject({ attachments: [], upload_space_used: 5 });
  });
});

describe("attachment events", () => {
  it("add on upload, update when a message links the file, remove on deletion, each with upload_space_used", async () => {
    const ops = await start();
    const q = await ops.register("member", ["attachment"]);
    const url = await upload(ops, "member", "abc");
    const [{ id }] = (await attachments(ops, "member")).attachments as [Attachment];
    await ops.call("member", "POST", "/messages", { type: "stream", to: "general", topic: "files", content: url });
    expect((await ops.call("member", "DELETE", `/attachments/${id}`)).status).toBe(200);
    const events = await ops.events("member", q.queue_id as string);
    expect(events.map((e) => [e.op, e.upload_space_used])).toEqual([
      ["add", 3],
      ["update", 3],
      ["remove", 0],
    ]);
    expect(events[0]!.attachment).toMatchObject({ id, name: "notes.txt", size: 3, messages: [] });
    expect((events[1]!.attachment as Attachment).messages).toHaveLength(1);
    expect(events[2]!.attachment).toEqual({ id });
  });

  it("reach only the uploader", async () => {
    const ops = await start();
    const q = await ops.register("secondMember", ["attachment"]);
    await upload(ops, "member", "abc");
    expect(await ops.events("secondMember", q.queue_id as string)).toEqual([]);
  });
});

describe("DELETE /attachments/{attachment_id}", () => {
  it("frees the space and makes the file answer 404", async () => {
    const ops = await start();
    const url = await upload(ops, "member", "gone soon");
    const [{ id }] = (await attachments(ops, "member")).attachments as [Attachment];
    expect(await ops.call("member", "DELETE", `/attachments/${id}`)).toMatchObject({ status: 200, body: { result: "success" } });
    expect(await attachments(ops, "member")).toMatchObject({ attachments: [], upload_space_used: 0 });
    const download = await fetch(`${ops.server.url}${url}`, { headers: { authorization: basic(ops, "member") } });
    expect(download.status).toBe(404);
  });

  it("refuses another user's file and unknown ids with Invalid attachment", async () => {
    const ops = await start();
    await upload(ops, "member", "mine");
    const [{ id }] = (await attachments(ops, "member")).attachments as [Attachment];
    expect(await ops.call("administrator", "DELETE", `/attachments/${id}`)).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid attachment"));
    expect(await ops.call("member", "DELETE", "/attachments/9999")).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid attachment"));
    expect((await ops.call("member", "DELETE", `/attachments/${id}`)).status).toBe(200);
    expect(await ops.call("member", "DELETE", `/attachments/${id}`)).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid attachment"));
  });
});

describe("GET /user_uploads/{realm_id_str}/{filename}", () => {
  it("gives a temporary URL that serves the file without credentials", async () => {
    const ops = await start();
    const url = await upload(ops, "member", "temporary bytes", "report.txt");
    const r = await ops.call("member", "GET", url);
    expect(r.status).toBe(200);
    const temporary = r.body.url as string;
    expect(temporary).toMatch(/^\/user_uploads\/temporary\/[0-9A-F]+\/report\.txt$/);
    const res = await fetch(`${ops.server.url}${temporary}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("temporary bytes");
  });

  it("refuses a file the requester cannot read, and one that does not exist", async () => {
    const ops = await start();
    const url = await upload(ops, "member", "private");
    expect((await ops.call("secondMember", "GET", url)).status).toBe(403);
    expect(await ops.call("member", "GET", "/user_uploads/2/aa/nothing-here/file.txt")).toMatchObject({ status: 404, body: { result: "error" } });
  });

  it("stops working after a minute, for another file name, and once the file is deleted", async () => {
    const ops = await start();
    const url = await upload(ops, "member", "short-lived");
    const temporary = (await ops.call("member", "GET", url)).body.url as string;
    const renamed = temporary.replace(/[^/]+$/, "other.txt");
    expect(await (await fetch(`${ops.server.url}${renamed}`)).json()).toMatchObject({ result: "error", code: "BAD_REQUEST", msg: "Invalid filename" });
    const forged = await fetch(`${ops.server.url}/user_uploads/temporary/ABCDEF/notes.txt`);
    expect([forged.status, await forged.json()]).toEqual([400, expect.objectContaining({ code: "BAD_REQUEST", msg: "Invalid token" })]);
    ops.server.runtime.control.advance(61);
    const late = await fetch(`${ops.server.url}${temporary}`);
    expect([late.status, ((await late.json()) as { msg: string }).msg]).toEqual([400, "Invalid token"]);
    const fresh = (await ops.call("member", "GET", url)).body.url as string;
    const [{ id }] = (await attachments(ops, "member")).attachments as [Attachment];
    await ops.call("member", "DELETE", `/attachments/${id}`);
    expect((await fetch(`${ops.server.url}${fresh}`)).status).toBe(400);
  });
});
