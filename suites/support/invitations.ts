import type { ApiClient, ApiResponse } from "../../src/client/client.ts";
import type { ParamMap } from "../../src/client/encode.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { Invite, InvitesResponse } from "../../src/schemas/invite.ts";
import { revokeInviteLater } from "./cleanup.ts";

/** An address nobody in the organization has, for an email invitation. */
export const inviteeEmail = (t: TestContext): string => `${t.unique("invitee")}@invitees.example`;

/** POST /invites for one fresh address (stream_ids defaults to []); the invitation, if made, is revoked when the test ends. */
export async function invite(t: TestContext, client: ApiClient, extra: ParamMap = {}): Promise<{ email: string; res: ApiResponse }> {
  const email = inviteeEmail(t);
  const res = await client.post("/invites", { invitee_emails: email, stream_ids: [], ...extra });
  if (res.status === 200) revokeInviteLater(t, email);
  return { email, res };
}

/** The id of a channel by name (GET /get_stream_id), as a prerequisite. */
export async function channelIdOf(t: TestContext, name: string): Promise<number> {
  const body = await t.must("look up the channel id with GET /get_stream_id", t.api("administrator").get("/get_stream_id", { stream: name }));
  return body.stream_id as number;
}

/** GET /invites as the client, validated. */
export async function listInvites(t: TestContext, client: ApiClient): Promise<Invite[]> {
  const res = await client.get("/invites");
  return t.expect.schema(InvitesResponse, t.expect.success(res, "GET /invites"), res.exchange, "GET /invites").invites;
}
