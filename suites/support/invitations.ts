import type { ApiClient, ApiResponse } from "../../src/client/client.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { UnverifiableError } from "../../src/expect/failure.ts";
import { personaRemedy } from "../../src/expect/runner.ts";
import { Invite, InvitesResponse } from "../../src/schemas/invite.ts";
import type { PersonaRole } from "../../src/target/personas.ts";
import { revokeInviteLater } from "./cleanup.ts";

/** An address nobody in the organization has, for an email invitation. */
export const inviteeEmail = (t: TestContext): string => `${t.unique("invitee")}@invitees.example`;

/** POST /invites for one fresh address (stream_ids defaults to []); the invitation, if made, is revoked when the test ends. */
export async function invite(t: TestContext, client: ApiClient, extra: ParamMap = {}): Promise<{ email: string; res: ApiResponse }> {
  // Before FL209 only administrators list (and so revoke) invitations: without one, the invitation would stay.
  if (!t.declares("administrator") && !t.declares("owner") && t.target.featureLevel < 209) {
    throw new UnverifiableError({
      reason: "before FL209 only an administrator may list and revoke the invitation this test makes",
      remedy: personaRemedy(["administrator"]),
    });
  }
  const email = inviteeEmail(t);
  const res = await client.post("/invites", { invitee_emails: email, stream_ids: [], ...extra });
  if (res.status === 200) revokeInviteLater(t, email, client);
  return { email, res };
}

/** The id of a channel by name (GET /get_stream_id as the administrator, else as `who`), as a prerequisite. */
export async function channelIdOf(t: TestContext, name: string, who: PersonaRole = "member"): Promise<number> {
  const body = await t.must("look up the channel id with GET /get_stream_id", t.api(t.manager(who)).get("/get_stream_id", { stream: name }));
  return body.stream_id as number;
}

/** GET /invites as the client, validated. */
export async function listInvites(t: TestContext, client: ApiClient): Promise<Invite[]> {
  const res = await client.get("/invites");
  return t.expect.schema(InvitesResponse, t.expect.success(res, "GET /invites"), res.exchange, "GET /invites").invites;
}
