import { describe, expect, it } from "vitest";
import { catalog } from "../../src/catalog/catalog.ts";
import { missingKeys, splitPath, validateZulip, validateZulipEvent, type Problem } from "../../src/product/validate.ts";
import { allowEntryCovers, ZULIP_DIFFERENCES } from "../../src/product/zulip-differences.ts";
import { operationsAt, schemaFor, ZULIP_API_SOURCE, ZULIP_OPERATIONS, type ZulipSchema } from "../../src/product/zulip-api.ts";

/** The checker of Zulip's shapes must fail where it should, or test/zulip would pass anything. */

const USER: ZulipSchema = {
  type: "object",
  properties: {
    user_id: { type: "integer" },
    full_name: { type: "string" },
    role: { type: "integer", enum: [100, 200, 400] },
    avatar_url: { type: ["string", "null"] },
    is_imported_stub: { type: "boolean", since: 297 },
    is_billing_admin: { until: 363 },
  },
  required: ["user_id", "full_name", "is_imported_stub"],
};
const user = { user_id: 1, full_name: "A", role: 400, avatar_url: null };
const kinds = (ps: Problem[]) => ps.map((p) => `${p.kind} ${p.path}`);

describe("validateZulip", () => {
  it("passes a value that matches", () => {
    expect(validateZulip(user, USER, 250)).toEqual([]);
  });

  it("fails a missing required key", () => {
    const { full_name: _, ...noName } = user;
    expect(kinds(validateZulip(noName, USER, 250))).toEqual(["missing-required $.full_name"]);
  });

  it("fails an extra key where the object lists its properties and says nothing else (closed)", () => {
    expect(kinds(validateZulip({ ...user, nickname: "x" }, USER, 250))).toEqual(["extra-key $.nickname"]);
    expect(kinds(validateZulip({ ...user, nickname: "x" }, { ...USER, additionalProperties: false }, 250))).toEqual(["extra-key $.nickname"]);
  });

  it("allows other keys where the schema says so, and checks them against an additionalProperties schema", () => {
    expect(validateZulip({ ...user, nickname: "x" }, { ...USER, additionalProperties: true }, 250)).toEqual([]);
    const map: ZulipSchema = { type: "object", additionalProperties: { type: "integer" } };
    expect(validateZulip({ "12": 1, a: 2 }, map, 250)).toEqual([]);
    expect(validateZulip({ "12": "x" }, map, 250)).toMatchObject([{ path: '$["12"]', kind: "wrong-type" }]);
    // An object that lists nothing says nothing about its keys.
    expect(validateZulip({ anything: 1 }, { type: "object" }, 250)).toEqual([]);
  });

  it("admits a level-gated key only from its level, and requires it only there", () => {
    expect(kinds(validateZulip({ ...user, is_imported_stub: false }, USER, 296))).toEqual(["extra-key $.is_imported_stub"]);
    expect(validateZulip({ ...user, is_imported_stub: false }, USER, 297)).toEqual([]);
    expect(kinds(validateZulip(user, USER, 297))).toEqual(["missing-required $.is_imported_stub"]);
  });

  it("admits a removed key only before its level", () => {
    const later = { ...user, is_imported_stub: false, is_billing_admin: false };
    expect(validateZulip(later, USER, 362)).toEqual([]);
    expect(kinds(validateZulip(later, USER, 363))).toEqual(["extra-key $.is_billing_admin"]);
  });

  it("fails wrong types, integers where numbers are wanted pass, and null only where nullable", () => {
    expect(kinds(validateZulip({ ...user, user_id: "1" }, USER, 250))).toEqual(["wrong-type $.user_id"]);
    expect(kinds(validateZulip({ ...user, user_id: 1.5 }, USER, 250))).toEqual(["wrong-type $.user_id"]);
    expect(kinds(validateZulip({ ...user, full_name: null }, USER, 250))).toEqual(["wrong-type $.full_name"]);
    expect(validateZulip(3, { type: "number" }, 250)).toEqual([]);
    expect(kinds(validateZulip([1, "2"], { type: "array", items: { type: "integer" } }, 250))).toEqual(["wrong-type $[1]"]);
  });

  it("fails a value outside the enum", () => {
    expect(kinds(validateZulip({ ...user, role: 300 }, USER, 250))).toEqual(["not-in-enum $.role"]);
  });

  it("passes oneOf when a variant passes, and reports the closest variant's problems otherwise", () => {
    const s: ZulipSchema = {
      oneOf: [
        { type: "object", properties: { a: { type: "integer" }, b: { type: "integer" } }, required: ["a", "b"] },
        { type: "object", properties: { c: { type: "string" } }, required: ["c"] },
      ],
    };
    expect(validateZulip({ c: "x" }, s, 250)).toEqual([]);
    expect(validateZulip({ a: 1, b: 2 }, s, 250)).toEqual([]);
    expect(kinds(validateZulip({ a: 1 }, s, 250))).toEqual(["missing-required $.b"]);
    expect(kinds(validateZulip(7, { oneOf: [{ type: "string" }, { type: "boolean" }] }, 250))).toEqual(["wrong-type $"]);
  });

  it("skips variants that do not exist at the level", () => {
    const s: ZulipSchema = {
      anyOf: [
        { type: "string", enum: ["direct"], since: 215 },
        { type: "string", enum: ["private"], until: 215 },
      ],
    };
    expect(validateZulip("private", s, 214)).toEqual([]);
    expect(kinds(validateZulip("direct", s, 214))).toEqual(["not-in-enum $"]);
    expect(validateZulip("direct", s, 215)).toEqual([]);
    expect(kinds(validateZulip("private", s, 215))).toEqual(["not-in-enum $"]);
  });

  it("locates problems for the differences table", () => {
    expect(splitPath("$.realm_users[3].is_billing_admin")).toEqual({ object: "$.realm_users[]", key: "is_billing_admin" });
    expect(splitPath('$.presences["12"].website')).toEqual({ object: "$.presences{}", key: "website" });
    expect(splitPath('$.presences["a b"]')).toEqual({ object: "$.presences", key: "a b" });
    expect(splitPath("$.subscriptions[0]")).toEqual({ object: "$.subscriptions", key: "[]" });
  });
});

describe("missingKeys", () => {
  it("lists every key the schema has at the level that the value lacks, required or not", () => {
    const complete = { ...user, is_imported_stub: false, is_billing_admin: false };
    expect(missingKeys(complete, USER, 297)).toEqual([]);
    const { avatar_url: _, ...noAvatar } = complete;
    expect(kinds(missingKeys(noAvatar, USER, 297))).toEqual(["missing-key $.avatar_url"]);
  });

  it("asks for a key only at the levels it exists", () => {
    expect(kinds(missingKeys(user, USER, 296))).toEqual(["missing-key $.is_billing_admin"]);
    expect(kinds(missingKeys(user, USER, 363))).toEqual(["missing-key $.is_imported_stub"]);
  });
});

describe("Zulip's description as data", () => {
  it("comes from Zulip 10.2's own description, at FL372 where the emulated levels end", () => {
    expect(ZULIP_API_SOURCE).toMatchObject({ file: "zulip-10.2/zulip.yaml", featureLevel: 372, derivedBy: "scripts/derive-zulip-api.mjs" });
    expect(ZULIP_OPERATIONS.length).toBeGreaterThan(100);
    expect(operationsAt(153).length).toBeLessThan(operationsAt(372).length);
    expect(operationsAt(372).map((o) => o.operationId)).not.toContain("get-navigation-views"); // new in FL390
    // Nothing of a later release: every level named, event variants (GET /events' items) included, is one 10.2 knew.
    const named = [...JSON.stringify(ZULIP_OPERATIONS).matchAll(/"(?:since|until)":(\d+)/g)].map((m) => Number(m[1]));
    expect(named.length).toBeGreaterThan(100);
    expect(
      named.filter((l) => l > 372),
      "levels above FL372 in facts/data/zulip-api.json",
    ).toEqual([]);
  });

  it("dates operations, parameters and fields by their own notes", () => {
    const own = schemaFor({ operationId: "get-own-user" });
    expect(own.properties?.is_billing_admin).toEqual({ until: 363 });
    expect(ZULIP_OPERATIONS.find((o) => o.operationId === "get-saved-snippets")?.since).toBe(297);
    const users = schemaFor({ operationId: "get-users" }).properties?.members?.items;
    expect(users?.properties?.role?.since).toBe(59);
  });

  it("checks an event by its type and op, at its level", () => {
    const typing = {
      id: 0,
      type: "typing",
      op: "start",
      message_type: "direct",
      sender: { user_id: 1, email: "a@b" },
      recipients: [{ user_id: 1, email: "a@b" }],
    };
    expect(validateZulipEvent(typing, 250)).toEqual([]);
    expect(kinds(validateZulipEvent({ ...typing, message_type: "private" }, 250))).toEqual(["not-in-enum $.message_type"]);
    expect(validateZulipEvent({ ...typing, message_type: "private" }, 200)).toEqual([]);
    expect(kinds(validateZulipEvent({ ...typing, surprise: 1 }, 250))).toEqual(["extra-key $.surprise"]);
    expect(kinds(validateZulipEvent({ ...typing, type: "no_such_event" }, 250))).toEqual(["not-in-enum $.type"]);
    expect(kinds(validateZulipEvent({ ...typing, op: "pause" }, 250))).toEqual(["not-in-enum $.op"]);
    const snippet = { id: 1, type: "saved_snippets", op: "remove", saved_snippet_id: 3 };
    expect(validateZulipEvent(snippet, 297)).toEqual([]);
    expect(kinds(validateZulipEvent(snippet, 296))).toEqual(["not-in-enum $.type"]);
  });
});

describe("the differences table", () => {
  const clauses = new Set(catalog().clauses.map((c) => c.id));

  it("gives every row a reason that names a catalog clause, a wire fact or one of Zulip's own files", () => {
    for (const d of ZULIP_DIFFERENCES) {
      const what = d.fails?.join(", ") ?? d.answers?.map((a) => `${a.where} ${a.key}`).join(", ");
      const cited = [...d.reason.matchAll(/\bfl\d+\.[\w.-]+\w/g)].map((m) => m[0]);
      expect(
        cited.every((id) => clauses.has(id)),
        `${what}: unknown clause in '${d.reason}'`,
      ).toBe(true);
      expect(
        cited.length > 0 || /\b(wire|ref) §\d+|\bzulip\.yaml\b|\bevent_types\.py\b/.test(d.reason),
        `${what}: '${d.reason}' names no clause, wire fact or Zulip file`,
      ).toBe(true);
      expect(d.fails?.length || d.answers?.length, `a row that shows nowhere: '${d.reason}'`).toBeTruthy();
      for (const id of d.fails ?? []) expect(clauses.has(id.split("#")[0]!), `${id}: names no clause`).toBe(true);
    }
  });

  it("matches by subject and object pattern, key, kind and levels", () => {
    const entry = { where: "register $.realm_users[]", key: "is_billing_admin", kind: "extra-key" as const, levels: { from: 363 }, reason: "wire §8" };
    const p = { subject: "register", object: "$.realm_users[]", key: "is_billing_admin", kind: "extra-key" as const, level: 372 };
    expect(allowEntryCovers(entry, p)).toBe(true);
    expect(allowEntryCovers(entry, { ...p, level: 362 })).toBe(false);
    expect(allowEntryCovers(entry, { ...p, key: "role" })).toBe(false);
    expect(allowEntryCovers(entry, { ...p, kind: "wrong-type" })).toBe(false);
    expect(allowEntryCovers({ ...entry, where: "* $.realm_users[]" }, { ...p, subject: "get-users" })).toBe(true);
    expect(allowEntryCovers({ ...entry, where: "event typing/* $" }, { ...p, subject: "event typing/start", object: "$" })).toBe(true);
    expect(allowEntryCovers({ ...entry, where: "register $.realm_users" }, p)).toBe(false);
  });
});
