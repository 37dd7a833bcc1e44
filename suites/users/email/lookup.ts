import type { Suite } from "../../../src/expect/suite.ts";
import type { TestContext } from "../../../src/expect/context.ts";
import { User } from "../../../src/schemas/user.ts";
import { byEmailPath, dummyHost, setVisibility, VISIBILITY, withRealmVisibility } from "../../support/email.ts";
import { freshUser, userAs, type FreshUser } from "../../support/users.ts";

type Role = "administrator" | "owner" | "member";

/** GET /users/{email} as the persona finds user `id`. */
async function finds(t: TestContext, role: Role, email: string, id: number): Promise<void> {
  const res = await t.api(role).get(byEmailPath(email));
  t.expect.equal(
    t.expect.schema(User, t.expect.success(res, `GET /users/{email} for ${email}`).user, res.exchange).user_id,
    id,
    `the user ${email} finds`,
    res.exchange,
  );
}

/** GET /users/{email} as the persona finds no user: HTTP 400 BAD_REQUEST. */
async function findsNobody(t: TestContext, role: Role, email: string): Promise<void> {
  t.expect.error(await t.api(role).get(byEmailPath(email)), 400, "BAD_REQUEST");
}

/** Two fresh users: `hidden` shows its email to administrators only, `open` to everyone; and the realm host of dummy emails. */
async function pair(t: TestContext): Promise<{ hidden: FreshUser; open: FreshUser; hiddenDummy: string; host: string }> {
  const [hidden, open] = [await freshUser(t, "admins-only"), await freshUser(t, "open")];
  await setVisibility(t, hidden, VISIBILITY.admins);
  await setVisibility(t, open, VISIBILITY.everyone);
  const hiddenDummy = (await userAs(t, t.api("member"), hidden.id)).email;
  const host = await t.given("learn the realm host from a dummy email", async () => {
    const h = dummyHost(hiddenDummy, hidden.id);
    return h ?? t.expect.fail(`a dummy email user${hidden.id}@<realm host> for a member`, hiddenDummy);
  });
  return { hidden, open, hiddenDummy, host };
}

/** GET /users/{email} (FL302): real emails only as far as email visibility lets the requester see them; dummies for all. */
export function lookupTests({ behaviour }: Suite): void {
  behaviour(
    "fl302.users.lookup-by-email-visibility",
    "GET /users/{email} finds a user by real email only for requesters who may see it, and by dummy email always",
    { id: "fl302.users.lookup-by-email-visibility#get-users-email-finds-a-user-by-real-email-only-for-requesters-who-may-see-it-and-by-dummy-email-always" },
    async (t) => {
      const { hidden, open, host } = await pair(t);
      await findsNobody(t, "member", hidden.email);
      await finds(t, "administrator", hidden.email, hidden.id);
      await finds(t, "member", open.email, open.id);
      await finds(t, "member", `user${open.id}@${host}`, open.id);
    },
  );

  behaviour(
    ["fl302.users.lookup-by-email-visibility", "fl163.settings.email-address-visibility"],
    "before FL302 GET /users/{email} matches only the email the API shows (real when public, dummy otherwise)",
    {
      id: "fl302.users.lookup-by-email-visibility#before-fl302-get-users-email-matches-only-the-email-the-api-shows-real-when-public-dummy-otherwise",
      gate: "before",
    },
    async (t) => {
      if (t.fl.atLeast(163)) {
        const { hidden, open, hiddenDummy, host } = await pair(t);
        await findsNobody(t, "administrator", hidden.email);
        await finds(t, "member", hiddenDummy, hidden.id);
        await finds(t, "member", open.email, open.id);
        await findsNobody(t, "member", `user${open.id}@${host}`);
        return;
      }
      const u = await freshUser(t, "realm-wide");
      const dummy = await withRealmVisibility(t, VISIBILITY.admins, async () => {
        const seen = (await userAs(t, t.api("member"), u.id)).email;
        await finds(t, "member", seen, u.id);
        await findsNobody(t, "administrator", u.email);
        return seen;
      });
      await finds(t, "member", u.email, u.id);
      await findsNobody(t, "member", dummy);
    },
  );
}
