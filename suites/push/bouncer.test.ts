import { randomBytes } from "node:crypto";
import { defineSuite } from "../../src/expect/suite.ts";
import { RegistrationCredentials, RegistrationTransfer, RemoteServerRegistered } from "../../src/schemas/push-notification.ts";
import { bouncerApi, newRemoteServer, startVerifyPage } from "../support/push.ts";

const { behaviour } = defineSuite(import.meta.url);

/**
 * The push bouncer's server registration (wire §15): POST /remotes/server/register with the server's id and key
 * (`chat_org_id`, `chat_org_key`; real: `zulip_…`), and from FL345 the transfer of a registration to a new server.
 * Only a bouncer serves these: on other targets the tests are not verifiable (serverConfig.pushBouncer).
 */

behaviour(
  "fl223.push.remote-register-mobile-app-id",
  "a mobile-platform token (kind 1) needs mobile_app_id at the bouncer from FL223; before, it may be left out",
  {
    id: "fl223.push.remote-register-mobile-app-id#a-mobile-platform-token-kind-1-needs-mobile-app-id-at-the-bouncer-from-fl223-before-it-may-be-left-out",
    gate: "always",
  },
  async (t) => {
    const bouncer = bouncerApi(t);
    const server = newRemoteServer();
    // The spec puts the rule on /remotes/server/register (kind); real bouncers on /remotes/push/register (token_kind, ios_app_id): wire §17.2 #14.
    const real = t.target.product === "zulip";
    if (real) await t.must("register the server", bouncer.post("/remotes/server/register", server));
    const asServer = real ? bouncer.as({ email: server.chat_org_id, apiKey: server.chat_org_key }) : bouncer;
    const send = (appId: Record<string, string>) =>
      real
        ? asServer.post("/remotes/push/register", {
            user_id: 10,
            token: randomBytes(32).toString("hex"),
            token_kind: 1,
            ...(appId.mobile_app_id ? { ios_app_id: appId.mobile_app_id } : {}),
          })
        : bouncer.post("/remotes/server/register", { ...server, kind: 1, ...appId });
    const bare = await send({});
    if (t.fl.atLeast(223)) {
      t.expect.error(bare, 400, "BAD_REQUEST");
      t.expect.success(await send({ mobile_app_id: "org.example.chat" }), "the registration with mobile_app_id");
    } else {
      t.expect.success(bare, "a kind-1 registration without mobile_app_id");
    }
  },
);

behaviour(
  "fl345.push.remote-register-hostname-taken",
  "registering a hostname another server holds answers HOSTNAME_ALREADY_IN_USE_BOUNCER_ERROR with the hostname from FL345",
  {
    id: "fl345.push.remote-register-hostname-taken#registering-a-hostname-another-server-holds-answers-hostname-already-in-use-bouncer-error-with-the-hostname-from-fl345",
    gate: "always",
  },
  async (t) => {
    const bouncer = bouncerApi(t);
    const first = newRemoteServer();
    const created = t.expect.schema(RemoteServerRegistered, await t.must("register the first server", bouncer.post("/remotes/server/register", first)));
    t.expect.equal(created.created, true, "created");
    const res = await bouncer.post("/remotes/server/register", { ...newRemoteServer(first.hostname) });
    if (t.fl.atLeast(345)) {
      const body = t.expect.error(res, 400, "HOSTNAME_ALREADY_IN_USE_BOUNCER_ERROR");
      t.expect.equal(body.hostname, first.hostname, "hostname");
    } else {
      t.expect.error(res, 400, "BAD_REQUEST");
    }
  },
);

behaviour(
  "fl345.push.register-transfer",
  "POST /remotes/server/register/transfer gives a verification secret for a registered hostname from FL345",
  { id: "fl345.push.register-transfer#post-remotes-server-register-transfer-gives-a-verification-secret-for-a-registered-hostname-from-fl345", gate: "always" },
  async (t) => {
    const bouncer = bouncerApi(t);
    const server = newRemoteServer();
    await t.must("register the server", bouncer.post("/remotes/server/register", server));
    const res = await bouncer.post("/remotes/server/register/transfer", { hostname: server.hostname });
    if (t.fl.atLeast(345)) t.expect.schema(RegistrationTransfer, t.expect.success(res, "POST /remotes/server/register/transfer"), res.exchange);
    else t.expect.equal(res.status, 404, "HTTP status of an endpoint new in FL345");
  },
);

behaviour(
  "fl345.push.register-verify-challenge",
  "verify_challenge reads the secret from the new server's verification page and hands over the registration from FL345",
  {
    id: "fl345.push.register-verify-challenge#verify-challenge-reads-the-secret-from-the-new-server-s-verification-page-and-hands-over-the-registration-from-fl345",
    gate: "always",
  },
  async (t) => {
    const bouncer = bouncerApi(t);
    if (!t.fl.atLeast(345)) {
      const res = await bouncer.post("/remotes/server/register/verify_challenge", { hostname: newRemoteServer().hostname, access_token: "x" });
      t.expect.equal(res.status, 404, "HTTP status of an endpoint new in FL345");
      return;
    }
    const page = await startVerifyPage(t);
    try {
      const server = newRemoteServer(page.hostname);
      await t.must("register the server", bouncer.post("/remotes/server/register", server));
      const transfer = await t.given("start the transfer", async () =>
        t.expect.schema(
          RegistrationTransfer,
          t.expect.success(await bouncer.post("/remotes/server/register/transfer", { hostname: server.hostname }), "POST /remotes/server/register/transfer"),
        ),
      );
      page.secret = transfer.verification_secret;
      const token = randomBytes(16).toString("hex");
      const res = await bouncer.post("/remotes/server/register/verify_challenge", { hostname: server.hostname, access_token: token });
      const creds = t.expect.schema(RegistrationCredentials, t.expect.success(res, "POST /remotes/server/register/verify_challenge"), res.exchange);
      t.expect.equal(creds.chat_org_id, server.chat_org_id, "chat_org_id");
      t.expect.equal(creds.chat_org_key, server.chat_org_key, "chat_org_key");
      const prefix = t.target.product === "zulip" ? "zulip" : "chat";
      t.expect.ok(
        page.paths.includes(`/api/v1/${prefix}-services/verify/${token}/`),
        `the bouncer read /api/v1/${prefix}-services/verify/${token}/`,
        page.paths,
      );
    } finally {
      await page.close();
    }
  },
);

/** Served by every self-hosted server (real: /zulip-services/verify/..., any method, no credentials), so no bouncer is needed. */
behaviour(
  "fl345.push.services-verify",
  "the server answers /chat-services/verify/{access_token}/ from FL345 (no transfer prepared: REMOTE_SERVER_VERIFICATION_SECRET_NOT_PREPARED)",
  {
    id: "fl345.push.services-verify#the-server-answers-chat-services-verify-access-token-from-fl345-no-transfer-prepared-remote-server-verification-secret-not-prepared",
    gate: "always",
    mutates: false,
  },
  async (t) => {
    const prefix = t.target.product === "zulip" ? "zulip" : "chat";
    const res = await t.api(null).post(`/${prefix}-services/verify/${randomBytes(16).toString("hex")}/`);
    if (t.fl.atLeast(345)) t.expect.error(res, 400, "REMOTE_SERVER_VERIFICATION_SECRET_NOT_PREPARED");
    else t.expect.equal(res.status, 404, "HTTP status of an endpoint new in FL345");
  },
);
