import { defineSuite } from "../../src/expect/suite.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

behaviour(
  "fl153.errors.error-envelope",
  "an error response has result error, a msg string and a code string",
  { id: "fl153.errors.error-envelope#an-error-response-has-result-error-a-msg-string-and-a-code-string", gate: "always", mutates: false },
  async (t) => {
    const res = await t.api("member").get("/messages", { anchor: "newest", num_before: "many", num_after: 0 });
    const body = t.expect.error(res, 400, "BAD_REQUEST");
    t.expect.ok(typeof body.msg === "string" && body.msg.length > 0, "a non-empty msg", body.msg, res.exchange);
  },
);

behaviour(
  "fl211.errors.result-success-or-error",
  "result is success on success and error on error, nothing else",
  { id: "fl211.errors.result-success-or-error#result-is-success-on-success-and-error-on-error-nothing-else", mutates: false },
  async (t) => {
    const member = t.api("member");
    for (const res of [
      await member.get("/users/me"),
      await member.get("/messages", { anchor: "newest", num_before: 1, num_after: 0 }),
      await member.get("/events", { queue_id: "nope", last_event_id: -1 }),
    ]) {
      t.expect.ok(
        res.json?.result === (res.status === 200 ? "success" : "error"),
        `result ${res.status === 200 ? "success" : "error"} for HTTP ${res.status}`,
        res.json?.result,
        res.exchange,
      );
    }
  },
);

behaviour(
  "fl153.server.unknown-route",
  "an unknown endpoint under /api/v1 gets 404",
  { id: "fl153.server.unknown-route#an-unknown-endpoint-under-api-v1-gets-404", gate: "always", mutates: false },
  async (t) => {
    const res = await t.api("member").get("/no_such_endpoint_for_conformance");
    t.expect.error(res, 404, ["NOT_FOUND", "BAD_REQUEST"]);
  },
);

behaviour(
  "fl153.server.missing-parameter",
  "a missing required parameter gets 400 REQUEST_VARIABLE_MISSING naming it",
  { id: "fl153.server.missing-parameter#a-missing-required-parameter-gets-400-request-variable-missing-naming-it", gate: "always", mutates: false },
  async (t) => {
    const res = await t.api("member").post("/messages", { type: "private", to: [t.persona("member").userId] });
    const body = t.expect.error(res, 400, "REQUEST_VARIABLE_MISSING");
    t.expect.equal(body.var_name, "content", "var_name", res.exchange);
  },
);

behaviour(
  "fl153.server.malformed-parameter",
  "a malformed parameter gets 400 BAD_REQUEST naming it",
  { id: "fl153.server.malformed-parameter#a-malformed-parameter-gets-400-bad-request-naming-it", gate: "always", mutates: false },
  async (t) => {
    const member = t.api("member");
    const cases: Array<[string, Promise<import("../../src/client/client.ts").ApiResponse>]> = [
      ["num_before", member.get("/messages", { anchor: "newest", num_before: "ten", num_after: 0 })],
      ["apply_markdown", member.post("/register", { apply_markdown: "yes" })],
    ];
    for (const [name, pending] of cases) {
      const res = await pending;
      const body = t.expect.error(res, 400, "BAD_REQUEST");
      t.expect.ok(String(body.msg).includes(name), `msg naming the parameter ${name}`, body.msg, res.exchange);
    }
  },
);

behaviour(
  "fl153.server.parameter-encoding",
  "parameters are read from the query string, form bodies and multipart bodies alike",
  { id: "fl153.server.parameter-encoding#parameters-are-read-from-the-query-string-form-bodies-and-multipart-bodies-alike", gate: "always" },
  async (t) => {
    const member = t.api("member");
    const me = t.persona("member").userId;
    for (const encoding of ["form", "multipart", "query"] as const) {
      const res = await member.post("/messages", { type: "private", to: [me], content: `encoded as ${encoding}` }, { encoding });
      t.expect.success(res, `POST /messages with a ${encoding} body`);
    }
    for (const encoding of ["form", "query"] as const) {
      const { body } = await t.register("member", { event_types: ["message"] });
      t.expect.success(await member.delete("/events", { queue_id: String(body.queue_id) }, { encoding }), `DELETE /events with a ${encoding} body`);
    }
    const json = await member.post(
      "/messages",
      {},
      { rawBody: { contentType: "application/json", text: JSON.stringify({ type: "private", to: [me], content: "json" }) } },
    );
    t.expect.error(json, 400, "REQUEST_VARIABLE_MISSING");
  },
);

behaviour(
  "fl167.server.ignored-parameters-unsupported",
  "a success response lists the parameters the endpoint did not read",
  { id: "fl167.server.ignored-parameters-unsupported#a-success-response-lists-the-parameters-the-endpoint-did-not-read" },
  async (t) => {
    const member = t.api("member");
    const res = await member.post("/messages", { type: "private", to: [t.persona("member").userId], content: "extra", conformance_bogus: 1 });
    t.expect.equal(t.expect.success(res).ignored_parameters_unsupported, ["conformance_bogus"], "ignored_parameters_unsupported", res.exchange);
    const stray = await member.get("/users/me", { _: 123 });
    t.expect.equal(t.expect.success(stray).ignored_parameters_unsupported, ["_"], "ignored_parameters_unsupported for a stray query key", stray.exchange);
    const clean = await member.get("/users/me");
    t.expect.absent(t.expect.success(clean), "ignored_parameters_unsupported", clean.exchange);
  },
);

behaviour(
  "fl167.server.ignored-parameters-unsupported",
  "before FL167 GET /users/me does not list ignored parameters",
  { id: "fl167.server.ignored-parameters-unsupported#before-fl167-get-users-me-does-not-list-ignored-parameters", gate: "before", mutates: false },
  async (t) => {
    const res = await t.api("member").get("/users/me", { conformance_bogus: 1 });
    t.expect.absent(t.expect.success(res), "ignored_parameters_unsupported");
  },
);

behaviour(
  "fl153.server.json-response",
  "every response, success or error, is a JSON object with a result string",
  { id: "fl153.server.json-response#every-response-success-or-error-is-a-json-object-with-a-result-string", gate: "always", mutates: false },
  async (t) => {
    const member = t.api("member");
    for (const res of [
      await member.get("/users/me"),
      await member.get("/messages", { anchor: "bad", num_before: 0, num_after: 0 }),
      await t.api(null).get("/users/me"),
    ]) {
      t.expect.ok(
        (res.headers["content-type"] ?? "").startsWith("application/json"),
        "Content-Type application/json",
        res.headers["content-type"],
        res.exchange,
      );
      t.expect.ok(res.json !== undefined && typeof res.json.result === "string", "a JSON object with a result string", res.text.slice(0, 200), res.exchange);
    }
  },
);

behaviour(
  "fl153.server.method-not-allowed",
  "a known path with a method it does not serve gets 405 with the allowed methods and no code",
  {
    id: "fl153.server.method-not-allowed#a-known-path-with-a-method-it-does-not-serve-gets-405-with-the-allowed-methods-and-no-code",
    gate: "always",
    mutates: false,
  },
  async (t) => {
    const res = await t.api("member").request("PUT", "/messages");
    t.expect.equal(res.status, 405, "HTTP status", res.exchange);
    const body = res.json ?? {};
    t.expect.equal(body.result, "error", "result", res.exchange);
    t.expect.absent(body, "code", res.exchange);
    const allowed = t.expect.present(body, "allowed_methods", res.exchange);
    t.expect.ok(Array.isArray(allowed) && allowed.includes("GET") && allowed.includes("POST"), "allowed_methods to list GET and POST", allowed, res.exchange);
  },
);

behaviour(
  "fl153.errors.forbidden-action",
  "a member changing an organization setting gets an error and nothing changes",
  {
    id: "fl153.errors.forbidden-action#a-member-changing-an-organization-setting-gets-an-error-and-nothing-changes",
    alsoNeeds: ["administrator"],
    gate: "always",
  },
  async (t) => {
    const before = (await t.register("administrator", { fetch_event_types: ["realm"] })).body.realm_name;
    const res = await t.api("member").patch("/realm", { name: `${String(before)} renamed by a member` });
    t.expect.ok(
      res.status >= 400 && res.status < 500 && res.json?.result === "error",
      "an error response (HTTP 4xx)",
      `HTTP ${res.status} ${res.text}`,
      res.exchange,
    );
    const after = (await t.register("administrator", { fetch_event_types: ["realm"] })).body.realm_name;
    t.expect.equal(after, before, "realm_name after the refused change");
  },
);
