import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiError, startOps, type Ops } from "./zulip-ops-support.ts";

const notFound = (method: string, path: string) => apiError(404, "NOT_FOUND", `No such endpoint: ${method} /api/v1${path}`);

describe("saved snippets (FL297; PATCH from FL368)", () => {
  let ops: Ops;
  beforeAll(async () => {
    ops = await startOps(368);
  });
  afterAll(() => ops.close());

  it("creates a snippet (trimmed), lists it, and sends saved_snippets/add to the owner", async () => {
    const q = await ops.register("member", ["saved_snippets"]);
    const created = await ops.call("member", "POST", "/saved_snippets", { title: "  Welcome ", content: "Welcome to the organization.\n" });
    expect(created.status).toBe(200);
    const id = created.body.saved_snippet_id as number;
    expect(id).toEqual(expect.any(Number));
    const listed = (await ops.call("member", "GET", "/saved_snippets")).body.saved_snippets as Array<Record<string, unknown>>;
    const snippet = { id, title: "Welcome", content: "Welcome to the organization.", date_created: expect.any(Number) };
    expect(listed).toEqual([snippet]);
    expect(await ops.events("member", q.queue_id as string)).toEqual([{ id: 0, type: "saved_snippets", op: "add", saved_snippet: snippet }]);
    expect((await ops.call("secondMember", "GET", "/saved_snippets")).body.saved_snippets).toEqual([]);
    const reg = await ops.register("member", [], ["saved_snippets"]);
    expect(reg.saved_snippets).toEqual([snippet]);
  });

  it("refuses an empty or too long title or content, and a missing one", async () => {
    expect(await ops.call("member", "POST", "/saved_snippets", { title: "  ", content: "x" })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Title cannot be empty."),
    );
    expect(await ops.call("member", "POST", "/saved_snippets", { title: "t", content: "" })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Content cannot be empty."),
    );
    expect(await ops.call("member", "POST", "/saved_snippets", { title: "x".repeat(61), content: "x" })).toMatchObject(
      apiError(400, "BAD_REQUEST", "title is too long (limit: 60 characters)"),
    );
    expect(await ops.call("member", "POST", "/saved_snippets", { title: "t" })).toMatchObject(
      apiError(400, "REQUEST_VARIABLE_MISSING", "Missing 'content' argument"),
    );
  });

  it("edits title and/or content with saved_snippets/update; with neither, succeeds silently", async () => {
    const id = (await ops.call("member", "POST", "/saved_snippets", { title: "Old", content: "old text" })).body.saved_snippet_id as number;
    const q = await ops.register("member", ["saved_snippets"]);
    expect((await ops.call("member", "PATCH", `/saved_snippets/${id}`, {})).status).toBe(200);
    expect((await ops.call("member", "PATCH", `/saved_snippets/${id}`, { content: " new text " })).status).toBe(200);
    expect(await ops.call("secondMember", "PATCH", `/saved_snippets/${id}`, { title: "x" })).toMatchObject(
      apiError(404, "BAD_REQUEST", "Saved snippet does not exist."),
    );
    expect(await ops.events("member", q.queue_id as string)).toEqual([
      { id: 0, type: "saved_snippets", op: "update", saved_snippet: { id, title: "Old", content: "new text", date_created: expect.any(Number) } },
    ]);
  });

  it("deletes a snippet with saved_snippets/remove; an unknown or another user's one does not exist", async () => {
    const id = (await ops.call("member", "POST", "/saved_snippets", { title: "Bye", content: "bye" })).body.saved_snippet_id as number;
    const q = await ops.register("member", ["saved_snippets"]);
    expect(await ops.call("secondMember", "DELETE", `/saved_snippets/${id}`)).toMatchObject(apiError(404, "BAD_REQUEST", "Saved snippet does not exist."));
    expect((await ops.call("member", "DELETE", `/saved_snippets/${id}`)).status).toBe(200);
    expect(await ops.call("member", "DELETE", `/saved_snippets/${id}`)).toMatchObject(apiError(404, "BAD_REQUEST", "Saved snippet does not exist."));
    expect(await ops.events("member", q.queue_id as string)).toEqual([{ id: 0, type: "saved_snippets", op: "remove", saved_snippet_id: id }]);
  });

  it("at FL297 every operation but PATCH exists, and register has the section", async () => {
    const at = await startOps(297);
    try {
      const id = (await at.call("member", "POST", "/saved_snippets", { title: "t", content: "c" })).body.saved_snippet_id as number;
      expect((await at.call("member", "GET", "/saved_snippets")).body.saved_snippets).toHaveLength(1);
      expect((await at.register("member", [], ["saved_snippets"])).saved_snippets).toHaveLength(1);
      expect((await at.call("member", "DELETE", `/saved_snippets/${id}`)).status).toBe(200);
    } finally {
      await at.close();
    }
  });

  it("PATCH is unknown at FL367 (before authentication)", async () => {
    const before = await startOps(367);
    try {
      const id = (await before.call("member", "POST", "/saved_snippets", { title: "t", content: "c" })).body.saved_snippet_id as number;
      expect(await before.call("member", "PATCH", `/saved_snippets/${id}`, { title: "x" })).toMatchObject(notFound("PATCH", `/saved_snippets/${id}`));
      expect(await before.call(null, "PATCH", `/saved_snippets/${id}`, { title: "x" })).toMatchObject(notFound("PATCH", `/saved_snippets/${id}`));
    } finally {
      await before.close();
    }
  });

  it("nothing of it exists at FL296: the endpoints are unknown and register has no section", async () => {
    const before = await startOps(296);
    try {
      expect(await before.call("member", "GET", "/saved_snippets")).toMatchObject(notFound("GET", "/saved_snippets"));
      expect(await before.call("member", "POST", "/saved_snippets", { title: "t", content: "c" })).toMatchObject(notFound("POST", "/saved_snippets"));
      expect(await before.call("member", "DELETE", "/saved_snippets/1")).toMatchObject(notFound("DELETE", "/saved_snippets/1"));
      expect(await before.register("member", [], ["saved_snippets"])).not.toHaveProperty("saved_snippets");
    } finally {
      await before.close();
    }
  });
});
