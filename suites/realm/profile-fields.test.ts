import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { CustomProfileField, CustomProfileFieldsResponse } from "../../src/schemas/custom-profile-field.ts";

/**
 * Custom profile fields: from FL252 PATCH /realm/profile_fields/{field_id} takes each property as optional and
 * keeps the ones not sent; before, the request had to carry them all. Each test adds a short-text field of its
 * own, removed when the test ends.
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["administrator"] });

const SHORT_TEXT = 1;

async function withField(t: TestContext, fn: (id: number, name: string) => Promise<void>): Promise<void> {
  const name = `Field ${t.unique("f").slice(-12)}`;
  const admin = t.api("administrator");
  const body = await t.must(
    "add a field with POST /realm/profile_fields",
    admin.post("/realm/profile_fields", { name, hint: "first hint", field_type: SHORT_TEXT }),
  );
  t.cleanup(`profile field ${String(body.id)}`, () => admin.delete(`/realm/profile_fields/${String(body.id)}`));
  await fn(body.id as number, name);
}

async function fieldOf(t: TestContext, id: number): Promise<CustomProfileField> {
  const res = await t.api("administrator").get("/realm/profile_fields");
  const fields = t.expect.schema(
    CustomProfileFieldsResponse,
    t.expect.success(res, "GET /realm/profile_fields"),
    res.exchange,
    "GET /realm/profile_fields",
  ).custom_fields;
  return t.expect.schema(
    CustomProfileField,
    fields.find((f) => f.id === id),
    res.exchange,
    `field ${id} in GET /realm/profile_fields`,
  );
}

behaviour(
  "fl252.realm.profile-field-update-optional",
  "PATCH /realm/profile_fields/{field_id} changes only what it is sent",
  { id: "fl252.realm.profile-field-update-optional#patch-realm-profile-fields-field-id-changes-only-what-it-is-sent" },
  async (t) => {
    await withField(t, async (id, name) => {
      const admin = t.api("administrator");
      t.expect.success(await admin.patch(`/realm/profile_fields/${id}`, { hint: "second hint" }), "PATCH with hint alone");
      let f = await fieldOf(t, id);
      t.expect.equal({ name: f.name, hint: f.hint }, { name, hint: "second hint" }, "the field after changing the hint alone");
      const renamed = `${name} b`;
      t.expect.success(await admin.patch(`/realm/profile_fields/${id}`, { name: renamed }), "PATCH with name alone");
      f = await fieldOf(t, id);
      t.expect.equal({ name: f.name, hint: f.hint }, { name: renamed, hint: "second hint" }, "the field after changing the name alone");
    });
  },
);

behaviour(
  "fl252.realm.profile-field-update-optional",
  "before FL252 PATCH /realm/profile_fields/{field_id} without a name fails",
  { id: "fl252.realm.profile-field-update-optional#before-fl252-patch-realm-profile-fields-field-id-without-a-name-fails", gate: "before" },
  async (t) => {
    await withField(t, async (id, name) => {
      t.expect.error(await t.api("administrator").patch(`/realm/profile_fields/${id}`, { hint: "second hint" }), 400, [
        "BAD_REQUEST",
        "REQUEST_VARIABLE_MISSING",
      ]);
      t.expect.equal((await fieldOf(t, id)).name, name, "the field's name, unchanged");
    });
  },
);
