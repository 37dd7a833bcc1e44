import { verificationSecretNotPrepared } from "../../errors/registry.ts";
import { open, type Method, type RequestContext } from "../../runtime.ts";

/**
 * /chat-services/verify/{access_token}/ (FL345; real: /zulip-services/..., any method, no credentials): where the
 * push bouncer reads this server's verification secret during a registration transfer. The secret is prepared by
 * the server's operator (real: `manage.py register_server --registration-transfer`), which no API does, so the
 * reference server never has one prepared and answers every token with REMOTE_SERVER_VERIFICATION_SECRET_NOT_PREPARED.
 */
function verify(ctx: RequestContext<undefined>): Record<string, unknown> {
  throw verificationSecretNotPrepared();
}

const METHODS: Method[] = ["GET", "POST", "PATCH", "PUT", "DELETE"];
export const routes = ["/chat-services/verify/:access_token/", "/zulip-services/verify/:access_token/"].flatMap((path) =>
  METHODS.map((m) => open(m, path, verify, { level: "servicesVerifyEndpoint" })),
);
