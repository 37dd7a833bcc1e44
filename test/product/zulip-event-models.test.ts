import { describe, expect, it } from "vitest";
import { validateEventModel, validateEventModelAt, ZULIP_EVENT_KEYS, ZULIP_EVENT_MODELS_SOURCE } from "../../src/product/zulip-event-models.ts";

/**
 * The check of events against Zulip 10.2's own event models (facts/data/zulip-events, derived from event_types.py by
 * scripts/derive-zulip-events.py): strict top-level and nested keys, strict types, required fields required.
 */
describe("Zulip 10.2 event models (event_types.py, FL372)", () => {
  it("the data names its source and has every event type/op of the models", () => {
    expect(ZULIP_EVENT_MODELS_SOURCE).toMatchObject({ file: "event_types.py", release: "10.2", featureLevel: 372 });
    expect(Object.keys(ZULIP_EVENT_KEYS)).toHaveLength(76);
    expect(ZULIP_EVENT_KEYS["realm/update_dict"]).toEqual(["EventRealmUpdateDict"]);
  });

  const typing = {
    id: 1,
    type: "typing",
    op: "start",
    message_type: "direct",
    sender: { user_id: 8, email: "a@b.example" },
    recipients: [{ user_id: 8, email: "a@b.example" }],
  };

  it("a well-formed event passes; optional fields may be left out", () => {
    expect(validateEventModel({ id: 3, type: "alert_words", alert_words: ["x"] })).toEqual([]);
    expect(validateEventModel(typing)).toEqual([]);
    expect(validateEventModel({ id: 4, type: "heartbeat" })).toEqual([]);
  });

  it("an extra key, at the top or nested, fails", () => {
    expect(validateEventModel({ id: 3, type: "alert_words", alert_words: [], extra: 1 })).toEqual([
      { path: "$.extra", kind: "extra-key", expected: "no such key", got: "1" },
    ]);
    expect(validateEventModel({ ...typing, sender: { ...typing.sender, full_name: "A" } }).map((p) => `${p.kind} ${p.path}`)).toEqual([
      "extra-key $.sender.full_name",
    ]);
  });

  it("a missing required field fails, and types are strict (a bool is no int, a number no string)", () => {
    expect(validateEventModel({ id: 3, type: "alert_words" }).map((p) => `${p.kind} ${p.path}`)).toEqual(["missing-required $.alert_words"]);
    expect(validateEventModel({ id: true, type: "alert_words", alert_words: [1] }).map((p) => `${p.kind} ${p.path}`)).toEqual([
      "wrong-type $.id",
      "wrong-type $.alert_words[0]",
    ]);
  });

  it("a Literal outside its values and an unknown type/op fail", () => {
    expect(validateEventModel({ ...typing, message_type: "private" }).map((p) => `${p.kind} ${p.path}`)).toEqual(["wrong-type $.message_type"]);
    expect(validateEventModel({ id: 1, type: "no_such_event" }).map((p) => p.kind)).toEqual(["unknown-event"]);
  });

  it("at an earlier level, a required key the description dates later is excused, one it lists at every level is not", () => {
    const exported = { id: 1, export_time: 1.5, acting_user_id: 8, export_url: null, deleted_timestamp: null, failed_timestamp: null, pending: true };
    const event = { id: 2, type: "realm_export", exports: [exported] };
    const kinds = (level: number, e: unknown) => validateEventModelAt(e, level).map((p) => `${p.kind} ${p.path}`);
    // zulip.yaml: export_type came at FL304.
    expect(kinds(303, event)).toEqual([]);
    expect(kinds(304, event)).toEqual(["missing-required $.exports[0].export_type"]);
    const { acting_user_id: _gone, ...withoutActor } = exported;
    expect(kinds(303, { ...event, exports: [withoutActor] })).toEqual(["missing-required $.exports[0].acting_user_id"]);
  });
});
