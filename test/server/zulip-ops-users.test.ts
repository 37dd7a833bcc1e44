import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiError, serversPerTest, startOps, type Ops } from "./zulip-ops-support.ts";

const notFound = (method: string, path: string) => apiError(404, "NOT_FOUND", `No such endpoint: ${method} /api/v1${path}`);

describe("POST /dev_fetch_api_key (development login)", () => {
  let ops: Ops;
  beforeAll(async () => {
    ops = await startOps(372);
  });
  afterAll(() => ops.close());

  it("gives any user's key for its email, without credentials; user_id from FL171", async () => {
    const member = ops.server.personas.member!;
    expect(await ops.call(null, "POST", "/dev_fetch_api_key", { username: member.email.toUpperCase() })).toMatchObject({
      status: 200,
      body: { result: "success", api_key: member.apiKey, email: member.email, user_id: member.userId },
    });
    const before = await startOps(170);
    try {
      const r = await before.call(null, "POST", "/dev_fetch_api_key", { username: member.email });
      expect(r.body).toMatchObject({ result: "success", email: member.email });
      expect(r.body).not.toHaveProperty("user_id");
    } finally {
      await before.close();
    }
  });

  it("refuses a malformed email (400), an unknown one and a deactivated user (401)", async () => {
    expect(await ops.call(null, "POST", "/dev_fetch_api_key", { username: "not an email" })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Enter a valid email address."),
    );
    expect(await ops.call(null, "POST", "/dev_fetch_api_key", { username: "nobody@lab.example" })).toMatchObject(
      apiError(401, "AUTHENTICATION_FAILED", "Your username or password is incorrect"),
    );
    expect(await ops.call(null, "POST", "/dev_fetch_api_key", {})).toMatchObject(apiError(400, "REQUEST_VARIABLE_MISSING", "Missing 'username' argument"));
    ops.server.runtime.store.users.get(ops.id("moderator"))!.isActive = false;
    try {
      expect(await ops.call(null, "POST", "/dev_fetch_api_key", { username: ops.server.personas.moderator!.email })).toMatchObject(
        apiError(401, "USER_DEACTIVATED", "Account is deactivated"),
      );
    } finally {
      ops.server.runtime.store.users.get(ops.id("moderator"))!.isActive = true;
    }
  });
});

describe("DELETE /users/me (deactivate own account)", () => {
  let ops: Ops;
  beforeAll(async () => {
    ops = await startOps(372);
  });
  afterAll(() => ops.close());

  it("deactivates the requester with the events of any deactivation; its key stops working", async () => {
    const q = await ops.register("administrator", ["realm_user"]);
    expect((await ops.call("secondMember", "DELETE", "/users/me")).status).toBe(200);
    expect(await ops.events("administrator", q.queue_id as string)).toEqual([
      { id: 0, type: "realm_user", op: "update", person: { user_id: ops.id("secondMember"), is_active: false } },
    ]);
    expect((await ops.call("secondMember", "GET", "/users/me")).status).toBe(401);
  });

  it("refuses the only owner, and the only active user", async () => {
    expect(await ops.call("owner", "DELETE", "/users/me")).toMatchObject({
      ...apiError(400, "CANNOT_DEACTIVATE_LAST_USER", "Cannot deactivate the only organization owner."),
      body: { is_last_owner: true, entity: "organization owner" },
    });
    const others = [...ops.server.runtime.store.users.values()].filter((u) => u.id !== ops.id("member") && u.isActive);
    for (const u of others) u.isActive = false;
    try {
      expect(await ops.call("member", "DELETE", "/users/me")).toMatchObject({
        ...apiError(400, "CANNOT_DEACTIVATE_LAST_USER", "Cannot deactivate the only user."),
        body: { is_last_owner: false, entity: "user" },
      });
    } finally {
      for (const u of others) u.isActive = true;
    }
  });
});

describe("GET /users/{user_id}/status (FL262)", () => {
  let ops: Ops;
  beforeAll(async () => {
    ops = await startOps(262);
  });
  afterAll(() => ops.close());

  it("answers the user's status, {} when none", async () => {
    expect((await ops.call("member", "GET", `/users/${ops.id("owner")}/status`)).body).toMatchObject({ result: "success", status: {} });
    await ops.call("owner", "POST", "/users/me/status", { status_text: "on vacation", emoji_name: "car", emoji_code: "1f697", reaction_type: "unicode_emoji" });
    expect((await ops.call("member", "GET", `/users/${ops.id("owner")}/status`)).body.status).toEqual({
      status_text: "on vacation",
      emoji_name: "car",
      emoji_code: "1f697",
      reaction_type: "unicode_emoji",
    });
  });

  it("refuses an unknown user and a bot (No such user) and a deactivated user", async () => {
    expect(await ops.call("member", "GET", "/users/99999/status")).toMatchObject(apiError(400, "BAD_REQUEST", "No such user"));
    expect(await ops.call("member", "GET", `/users/${ops.id("bot")}/status`)).toMatchObject(apiError(400, "BAD_REQUEST", "No such user"));
    ops.server.runtime.store.users.get(ops.id("moderator"))!.isActive = false;
    try {
      expect(await ops.call("member", "GET", `/users/${ops.id("moderator")}/status`)).toMatchObject(apiError(400, "BAD_REQUEST", "User is deactivated"));
    } finally {
      ops.server.runtime.store.users.get(ops.id("moderator"))!.isActive = true;
    }
  });

  it("does not exist at FL261", async () => {
    const before = await startOps(261);
    try {
      expect(await before.call("member", "GET", `/users/${before.id("owner")}/status`)).toMatchObject(notFound("GET", `/users/${before.id("owner")}/status`));
    } finally {
      await before.close();
    }
  });
});

describe("PATCH /users/{email} (FL313)", () => {
  let ops: Ops;
  beforeAll(async () => {
    ops = await startOps(313);
  });
  afterAll(() => ops.close());

  it("updates the user the email names, as PATCH /users/{user_id} would, with its realm_user event", async () => {
    const q = await ops.register("owner", ["realm_user"]);
    const email = ops.server.personas.member!.email;
    expect((await ops.call("administrator", "PATCH", `/users/${encodeURIComponent(email)}`, { full_name: "Mia Renamed" })).status).toBe(200);
    expect(await ops.events("owner", q.queue_id as string)).toEqual([
      { id: 0, type: "realm_user", op: "update", person: { user_id: ops.id("member"), full_name: "Mia Renamed" } },
    ]);
  });

  it("takes administrators only, and refuses an email that names nobody", async () => {
    const email = ops.server.personas.secondMember!.email;
    expect(await ops.call("member", "PATCH", `/users/${email}`, { full_name: "X" })).toMatchObject(
      apiError(400, "UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator"),
    );
    expect(await ops.call("administrator", "PATCH", "/users/nobody@lab.example", { full_name: "X" })).toMatchObject(
      apiError(400, "BAD_REQUEST", "No such user"),
    );
  });

  it("does not exist at FL312", async () => {
    const before = await startOps(312);
    try {
      const email = before.server.personas.member!.email;
      expect(await before.call("administrator", "PATCH", `/users/${email}`, { full_name: "X" })).toMatchObject(notFound("PATCH", `/users/${email}`));
    } finally {
      await before.close();
    }
  });
});

describe("PATCH /settings full_name (a user's own name)", () => {
  const start = serversPerTest();

  it("renames the requester, who and everyone else get a realm_user update, and nothing is ignored", async () => {
    const ops = await start(372);
    const watcher = await ops.register("secondMember", ["realm_user"]);
    const r = await ops.call("member", "PATCH", "/settings", { full_name: "  Renamed Member  " });
    expect(r).toMatchObject({ status: 200, body: { result: "success" } });
    expect(r.body.ignored_parameters_unsupported ?? []).not.toContain("full_name");
    expect(await ops.events("secondMember", String(watcher.queue_id))).toEqual([
      expect.objectContaining({ type: "realm_user", op: "update", person: { user_id: ops.id("member"), full_name: "Renamed Member" } }),
    ]);
    const users = (await ops.call("secondMember", "GET", `/users/${ops.id("member")}`)).body.user as { full_name: string };
    expect(users.full_name).toBe("Renamed Member");
  });

  it("refuses an empty or overlong name as real servers do, and changes no other setting of that request", async () => {
    const ops = await start(372);
    expect(await ops.call("member", "PATCH", "/settings", { full_name: "   ", twenty_four_hour_time: true })).toMatchObject(
      apiError(400, "BAD_REQUEST", "Name too short!"),
    );
    expect(await ops.call("member", "PATCH", "/settings", { full_name: "x".repeat(101) })).toMatchObject(apiError(400, "BAD_REQUEST", "Name too long!"));
    const state = await ops.register("member", [], ["user_settings"]);
    expect((state.user_settings as { twenty_four_hour_time: boolean }).twenty_four_hour_time).toBe(false);
  });
});
