import { z } from "zod";
import type { ApiClient } from "../../../src/client/client.ts";
import type { Suite } from "../../../src/expect/suite.ts";
import type { TestContext } from "../../../src/expect/context.ts";
import { RealmUserAddEvent } from "../../../src/schemas/events/realm-user.ts";
import { User } from "../../../src/schemas/user.ts";
import { dummyHost, setVisibility, VISIBILITY, withDefaultVisibility, withRealmVisibility } from "../../support/email.ts";
import { aboutUser, freshUser, userAs } from "../../support/users.ts";

/** GET /users/{user_id} as `client`, the raw user object (absent and null fields told apart). */
async function rawUser(t: TestContext, client: ApiClient, id: number, params: Record<string, boolean> = {}): Promise<Record<string, unknown>> {
  const res = await client.get(`/users/${id}`, params);
  return t.expect.schema(User, t.expect.success(res).user, res.exchange, "GET /users/{user_id} user") as Record<string, unknown>;
}

/** GET /users as `client`: the raw user objects. */
async function rawList(t: TestContext, client: ApiClient): Promise<Array<Record<string, unknown>>> {
  const res = await client.get("/users");
  return t.expect.schema(z.array(User), t.expect.success(res).members, res.exchange, "GET /users members") as Array<Record<string, unknown>>;
}

/** delivery_email (FL163), avatar_url with client_gravatar (FL163), the dummy email (wire) and bots' emails. */
export function emailFieldTests({ behaviour }: Suite): void {
  behaviour(
    "fl163.users.delivery-email-present",
    "user objects always carry delivery_email, in GET /users, /users/{id}, /users/me and realm_user add",
    {
      id: "fl163.users.delivery-email-present#user-objects-always-carry-delivery-email-in-get-users-users-id-users-me-and-realm-user-add",
      alsoNeeds: ["secondMember", "bot"],
    },
    async (t) => {
      const member = t.api("member");
      const [open, hidden] = [await freshUser(t, "open"), await freshUser(t, "hidden")];
      await setVisibility(t, open, VISIBILITY.everyone);
      await setVisibility(t, hidden, VISIBILITY.nobody);
      t.expect.equal((await rawUser(t, member, open.id)).delivery_email, open.email, "delivery_email of a user whose email is public");
      t.expect.present(await rawUser(t, member, hidden.id), "delivery_email");
      for (const u of await rawList(t, member)) t.expect.present(u, "delivery_email");
      t.expect.present(t.expect.success(await member.get("/users/me")), "delivery_email");
      const { queue } = await t.register("member", { event_types: ["realm_user"] });
      const newcomer = await freshUser(t, "newcomer");
      t.expect.present(t.expect.schema(RealmUserAddEvent, (await queue.until([aboutUser("realm_user", "add", newcomer.id)]))[0]).person, "delivery_email");
    },
  );

  behaviour(
    ["fl163.users.delivery-email-present", "fl163.users.delivery-email-null-without-access"],
    "before FL163 delivery_email is sent only for emails that are not public, to those who may see them",
    {
      id: "fl163.users.delivery-email-present#before-fl163-delivery-email-is-sent-only-for-emails-that-are-not-public-to-those-who-may-see-them",
      alsoNeeds: ["secondMember", "bot"],
      gate: "before",
    },
    async (t) => {
      const other = t.persona("secondMember");
      t.expect.absent(await rawUser(t, t.api("member"), other.userId), "delivery_email");
      await withRealmVisibility(t, VISIBILITY.admins, async () => {
        t.expect.equal(
          (await rawUser(t, t.api("administrator"), other.userId)).delivery_email,
          other.email,
          "delivery_email for an administrator when emails are for admins",
        );
        t.expect.absent(await rawUser(t, t.api("member"), other.userId), "delivery_email");
      });
    },
  );

  behaviour(
    "fl163.users.delivery-email-null-without-access",
    "delivery_email is null for requesters the user's email_address_visibility leaves out",
    {
      id: "fl163.users.delivery-email-null-without-access#delivery-email-is-null-for-requesters-the-user-s-email-address-visibility-leaves-out",
      alsoNeeds: ["secondMember", "bot"],
    },
    async (t) => {
      const u = await freshUser(t, "admins-only");
      await setVisibility(t, u, VISIBILITY.admins);
      t.expect.equal((await rawUser(t, t.api("member"), u.id)).delivery_email, null, "delivery_email for a member");
      t.expect.equal((await rawList(t, t.api("member"))).find((x) => x.user_id === u.id)?.delivery_email, null, "delivery_email in GET /users for a member");
      t.expect.equal((await rawUser(t, t.api("administrator"), u.id)).delivery_email, u.email, "delivery_email for an administrator");
      await withDefaultVisibility(t, VISIBILITY.admins, async () => {
        const member = await t.register("member", { event_types: ["realm_user"] });
        const newcomer = await freshUser(t, "newcomer");
        const [add] = await member.queue.until([aboutUser("realm_user", "add", newcomer.id)]);
        t.expect.equal(
          t.expect.schema(RealmUserAddEvent, add).person.delivery_email,
          null,
          "delivery_email in a member's realm_user add for an admins-only user",
        );
      });
    },
  );

  behaviour(
    "fl163.users.bot-delivery-email",
    "a bot's delivery_email is its real email for every requester",
    { id: "fl163.users.bot-delivery-email#a-bot-s-delivery-email-is-its-real-email-for-every-requester", alsoNeeds: ["secondMember", "bot"] },
    async (t) => {
      const bot = t.persona("bot");
      t.expect.equal((await rawUser(t, t.api("member"), bot.userId)).delivery_email, bot.email, "the bot's delivery_email in GET /users/{user_id}");
      t.expect.equal(
        (await rawList(t, t.api("secondMember"))).find((x) => x.user_id === bot.userId)?.delivery_email,
        bot.email,
        "the bot's delivery_email in GET /users",
      );
    },
  );

  behaviour(
    "fl163.users.bot-delivery-email",
    "before FL163 a bot, whose email is public, has no delivery_email",
    { id: "fl163.users.bot-delivery-email#before-fl163-a-bot-whose-email-is-public-has-no-delivery-email", alsoNeeds: ["secondMember", "bot"], gate: "before" },
    async (t) => {
      t.expect.absent(await rawUser(t, t.api("member"), t.persona("bot").userId), "delivery_email");
    },
  );

  behaviour(
    "fl163.users.avatar-url-null-by-visibility",
    "with client_gravatar, avatar_url is a URL for requesters who may not see the user's email",
    {
      id: "fl163.users.avatar-url-null-by-visibility#with-client-gravatar-avatar-url-is-a-url-for-requesters-who-may-not-see-the-user-s-email",
      alsoNeeds: ["secondMember", "bot"],
    },
    async (t) => {
      const u = await freshUser(t, "admins-only");
      await setVisibility(t, u, VISIBILITY.admins);
      const url = (await rawUser(t, t.api("member"), u.id, { client_gravatar: true })).avatar_url;
      t.expect.ok(typeof url === "string" && url.length > 0, "avatar_url to be a URL for a member, who cannot compute the gravatar from the email", url);
      const list = (await rawList(t, t.api("member"))).find((x) => x.user_id === u.id);
      t.expect.ok(typeof list?.avatar_url === "string", "avatar_url in GET /users to be a URL for a member", list?.avatar_url);
    },
  );

  behaviour(
    "fl163.users.avatar-url-null-by-visibility",
    "before FL163 avatar_url follows the organization's email visibility, whoever asks",
    {
      id: "fl163.users.avatar-url-null-by-visibility#before-fl163-avatar-url-follows-the-organization-s-email-visibility-whoever-asks",
      alsoNeeds: ["secondMember", "bot"],
      gate: "before",
    },
    async (t) => {
      const other = t.persona("secondMember").userId;
      await withRealmVisibility(t, VISIBILITY.admins, async () => {
        const url = (await rawUser(t, t.api("administrator"), other, { client_gravatar: true })).avatar_url;
        t.expect.ok(typeof url === "string" && url.length > 0, "avatar_url to be a URL even for an administrator while emails are not public", url);
      });
    },
  );

  behaviour(
    ["fl153.users.dummy-email", "fl163.settings.email-address-visibility"],
    "requesters who may not see a user's email get a dummy user<ID>@<realm host> in its place",
    {
      id: "fl153.users.dummy-email#requesters-who-may-not-see-a-user-s-email-get-a-dummy-user-id-realm-host-in-its-place",
      alsoNeeds: ["secondMember", "bot"],
      gate: "always",
    },
    async (t) => {
      const check = (email: string, u: { id: number; email: string }, viewer: string) =>
        t.expect.ok(dummyHost(email, u.id) !== undefined && email !== u.email, `the email ${viewer} sees to be the dummy user${u.id}@<realm host>`, email);
      if (t.fl.atLeast(163)) {
        const u = await freshUser(t, "nobody-sees");
        await setVisibility(t, u, VISIBILITY.nobody);
        check((await userAs(t, t.api("member"), u.id)).email, u, "a member");
        t.expect.equal(t.expect.success(await u.client.get("/users/me")).email, u.email, "the user's own email in GET /users/me");
        return;
      }
      const other = t.persona("secondMember");
      await withRealmVisibility(t, VISIBILITY.admins, async () => {
        check((await userAs(t, t.api("member"), other.userId)).email, { id: other.userId, email: other.email }, "a member");
        t.expect.equal((await userAs(t, t.api("administrator"), other.userId)).email, other.email, "the email an administrator sees");
      });
    },
  );
}
