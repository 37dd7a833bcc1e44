import { describe, expect, it } from "vitest";
import { apiError, serversPerTest, type Ops } from "./zulip-ops-support.ts";

/** PATCH /realm/profile_fields and PATCH /realm/linkifiers (reordering), and code playgrounds with their register section. */
const start = serversPerTest();

const NOT_ADMIN = apiError(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator");

async function addField(ops: Ops, name: string): Promise<number> {
  const r = await ops.call("administrator", "POST", "/realm/profile_fields", { field_type: 1, name });
  expect(r.status).toBe(200);
  return r.body.id as number;
}

async function addLinkifier(ops: Ops, pattern: string): Promise<number> {
  const r = await ops.call("administrator", "POST", "/realm/filters", { pattern, url_template: "https://example.com/{id}" });
  expect(r.status).toBe(200);
  return r.body.id as number;
}

describe("PATCH /realm/profile_fields", () => {
  it("reorders the fields: each one's order is its position, in the event and in register", async () => {
    const ops = await start();
    const [a, b, c] = [await addField(ops, "Alpha"), await addField(ops, "Beta"), await addField(ops, "Gamma")];
    const q = await ops.register("member", ["custom_profile_fields"]);
    expect((await ops.call("administrator", "PATCH", "/realm/profile_fields", { order: [c, a, b] })).status).toBe(200);
    const [event] = await ops.events("member", q.queue_id as string);
    expect((event!.fields as Array<{ id: number; order: number }>).map((f) => [f.id, f.order])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    const state = await ops.register("member", [], ["custom_profile_fields"]);
    expect((state.custom_profile_fields as Array<{ name: string }>).map((f) => f.name)).toEqual(["Gamma", "Alpha", "Beta"]);
  });

  it("wants every field listed, and an administrator", async () => {
    const ops = await start();
    const [a, b] = [await addField(ops, "Alpha"), await addField(ops, "Beta")];
    expect(await ops.call("administrator", "PATCH", "/realm/profile_fields", { order: [b] })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Invalid order mapping."),
    );
    expect(await ops.call("member", "PATCH", "/realm/profile_fields", { order: [b, a] })).toMatchObject(NOT_ADMIN);
    expect(await ops.call("administrator", "PATCH", "/realm/profile_fields", {})).toMatchObject(
      apiError(400, "REQUEST_VARIABLE_MISSING", "Missing 'order' argument"),
    );
  });
});

describe("PATCH /realm/linkifiers", () => {
  it("reorders the linkifiers in GET /realm/linkifiers and register", async () => {
    const ops = await start();
    const [a, b] = [await addLinkifier(ops, "A-(?P<id>[0-9]+)"), await addLinkifier(ops, "B-(?P<id>[0-9]+)")];
    expect((await ops.call("administrator", "PATCH", "/realm/linkifiers", { ordered_linkifier_ids: [b, a] })).status).toBe(200);
    const ids = (list: unknown) => (list as Array<{ id: number }>).map((l) => l.id);
    const listed = await ops.call("member", "GET", "/realm/linkifiers");
    expect(ids(listed.body.linkifiers)).toEqual([b, a]);
    const capable = await ops.call("member", "POST", "/register", {
      fetch_event_types: ["realm_linkifiers"],
      client_capabilities: { notification_settings_null: false, linkifier_url_template: true },
    });
    expect(ids(capable.body.realm_linkifiers)).toEqual([b, a]);
  });

  it("sends realm_linkifiers to queues with the linkifier_url_template capability", async () => {
    const ops = await start();
    const [a, b] = [await addLinkifier(ops, "A-(?P<id>[0-9]+)"), await addLinkifier(ops, "B-(?P<id>[0-9]+)")];
    const r = await ops.call("member", "POST", "/register", {
      event_types: ["realm_linkifiers"],
      client_capabilities: { notification_settings_null: false, linkifier_url_template: true },
    });
    await ops.call("administrator", "PATCH", "/realm/linkifiers", { ordered_linkifier_ids: [b, a] });
    const [event] = await ops.events("member", r.body.queue_id as string);
    expect((event!.realm_linkifiers as Array<{ id: number }>).map((l) => l.id)).toEqual([b, a]);
  });

  it("wants each linkifier exactly once, and an administrator", async () => {
    const ops = await start();
    const [a, b] = [await addLinkifier(ops, "A-(?P<id>[0-9]+)"), await addLinkifier(ops, "B-(?P<id>[0-9]+)")];
    expect(await ops.call("administrator", "PATCH", "/realm/linkifiers", { ordered_linkifier_ids: [a, a, b] })).toMatchObject(
      apiError(400, "BAD_REQUEST", "The ordered list must not contain duplicated linkifiers"),
    );
    expect(await ops.call("administrator", "PATCH", "/realm/linkifiers", { ordered_linkifier_ids: [a] })).toMatchObject(
      apiError(400, "BAD_REQUEST", "The ordered list must enumerate all existing linkifiers exactly once"),
    );
    expect(await ops.call("administrator", "PATCH", "/realm/linkifiers", { ordered_linkifier_ids: [a, b, 999] })).toMatchObject(
      apiError(400, "BAD_REQUEST", "The ordered list must enumerate all existing linkifiers exactly once"),
    );
    expect(await ops.call("member", "PATCH", "/realm/linkifiers", { ordered_linkifier_ids: [b, a] })).toMatchObject(NOT_ADMIN);
  });
});

const playground = { name: "Python playground", pygments_language: "Python", url_template: "https://python.example.com?code={code}" };

describe("code playgrounds", () => {
  it("POST adds one → {id}; every active user gets realm_playgrounds with the whole list; register agrees", async () => {
    const ops = await start();
    const q = await ops.register("guest", ["realm_playgrounds"]);
    const r = await ops.call("administrator", "POST", "/realm/playgrounds", playground);
    expect(r).toMatchObject({ status: 200, body: { result: "success", id: expect.any(Number) } });
    const want = [{ id: r.body.id, ...playground }];
    expect(await ops.events("guest", q.queue_id as string)).toEqual([{ type: "realm_playgrounds", realm_playgrounds: want, id: 0 }]);
    expect((await ops.register("member", [], ["realm_playgrounds"])).realm_playgrounds).toEqual(want);
  });

  it("DELETE removes one, with the event; an unknown id is Invalid playground", async () => {
    const ops = await start();
    const { id } = (await ops.call("administrator", "POST", "/realm/playgrounds", playground)).body as { id: number };
    const q = await ops.register("member", ["realm_playgrounds"]);
    expect((await ops.call("owner", "DELETE", `/realm/playgrounds/${id}`)).status).toBe(200);
    expect((await ops.events("member", q.queue_id as string)).map((e) => e.realm_playgrounds)).toEqual([[]]);
    expect(await ops.call("owner", "DELETE", `/realm/playgrounds/${id}`)).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid playground"));
  });

  it("is for administrators only", async () => {
    const ops = await start();
    expect(await ops.call("member", "POST", "/realm/playgrounds", playground)).toMatchObject(NOT_ADMIN);
    const { id } = (await ops.call("administrator", "POST", "/realm/playgrounds", playground)).body as { id: number };
    expect(await ops.call("moderator", "DELETE", `/realm/playgrounds/${id}`)).toMatchObject(NOT_ADMIN);
  });

  it("refuses a bad template, language or duplicate, with every problem by field in `errors`", async () => {
    const ops = await start();
    const add = (over: Record<string, string>) => ops.call("administrator", "POST", "/realm/playgrounds", { ...playground, ...over });
    expect(await add({ url_template: "https://x.example/{" })).toMatchObject({
      ...apiError(400, "BAD_REQUEST", "Invalid URL template."),
      body: { errors: { url_template: ["Invalid URL template."] } },
    });
    expect(await add({ url_template: "https://x.example/?q={query}" })).toMatchObject(
      apiError(400, "BAD_REQUEST", 'Missing the required variable "code" in the URL template'),
    );
    expect(await add({ url_template: "https://x.example/{lang}?q={code}" })).toMatchObject(
      apiError(400, "BAD_REQUEST", '"code" should be the only variable present in the URL template'),
    );
    expect(await add({ pygments_language: "Py$thon" })).toMatchObject(apiError(400, "BAD_REQUEST", "Invalid characters in pygments language"));
    expect(await add({ pygments_language: "x".repeat(41) })).toMatchObject(
      apiError(400, "BAD_REQUEST", "pygments_language is too long (limit: 40 characters)"),
    );
    expect(await add({ name: "  " })).toMatchObject({
      ...apiError(400, "BAD_REQUEST", "This field cannot be blank."),
      body: { errors: { name: ["This field cannot be blank."] } },
    });
    expect((await add({})).status).toBe(200);
    expect(await add({})).toMatchObject(apiError(400, "BAD_REQUEST", "Realm playground with this Realm, Pygments language and Name already exists."));
    expect(await ops.call("administrator", "POST", "/realm/playgrounds", { name: "x", pygments_language: "Python" })).toMatchObject(
      apiError(400, "REQUEST_VARIABLE_MISSING", "Missing 'url_template' argument"),
    );
  });

  it("takes and carries url_prefix before FL196", async () => {
    const ops = await start(195);
    const r = await ops.call("administrator", "POST", "/realm/playgrounds", {
      name: "Python",
      pygments_language: "Python",
      url_prefix: "https://python.example.com?code=",
    });
    expect(r.status).toBe(200);
    expect((await ops.register("member", [], ["realm_playgrounds"])).realm_playgrounds).toEqual([
      { id: r.body.id, name: "Python", pygments_language: "Python", url_prefix: "https://python.example.com?code=" },
    ]);
    expect(await ops.call("administrator", "POST", "/realm/playgrounds", { name: "Bad", pygments_language: "Python", url_prefix: "not a url" })).toMatchObject(
      apiError(400, "BAD_REQUEST", "url_prefix is not a URL"),
    );
  });
});
