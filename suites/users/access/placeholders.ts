import { z } from "zod";
import type { Suite } from "../../../src/expect/suite.ts";
import type { TestContext } from "../../../src/expect/context.ts";
import type { AnyEvent } from "../../../src/schemas/events/envelope.ts";
import { RealmUserAddEvent } from "../../../src/schemas/events/realm-user.ts";
import { User } from "../../../src/schemas/user.ts";
import { eventsThrough } from "../../support/events.ts";
import { freshGuest, freshUser, personOf, registerUser, renameMarker, withUserAccess } from "../../support/users.ts";

const UNKNOWN = "Unknown user";

/** The add events about `userId` each of a restricted guest's two queues (with and without user_list_incomplete) receives when that user is created. */
async function addEventsForNewUser(t: TestContext): Promise<{ capable: AnyEvent[]; plain: AnyEvent[]; newId: number }> {
  const g = await freshGuest(t);
  return withUserAccess(t, true, async () => {
    const capable = await registerUser(t, g, ["realm_user"], { user_list_incomplete: true });
    const plain = await registerUser(t, g, ["realm_user"]);
    const x = await freshUser(t, "newcomer");
    const marker = await renameMarker(t, g);
    const adds = (events: AnyEvent[]) => events.filter((e) => e.type === "realm_user" && e.op === "add" && personOf(e).user_id === x.id);
    return { capable: adds(await eventsThrough(capable.queue, marker)), plain: adds(await eventsThrough(plain.queue, marker)), newId: x.id };
  });
}

/** realm_users of a restricted guest's register, with and without user_list_incomplete, and a user it cannot access. */
async function realmUsersOfGuest(t: TestContext): Promise<{ capable: User[]; plain: User[]; strangerId: number }> {
  const [g, x] = [await freshGuest(t), await freshUser(t, "stranger")];
  return withUserAccess(t, true, async () => {
    const users = async (caps: Record<string, boolean>) => {
      const { body } = await registerUser(t, g, ["heartbeat"], caps, ["realm_user"]);
      return t.expect.schema(z.array(User), body.realm_users, undefined, "realm_users");
    };
    return { capable: await users({ user_list_incomplete: true }), plain: await users({}), strangerId: x.id };
  });
}

/** 'Unknown user' placeholders (FL232): the spec's reading, only for clients with user_list_incomplete (catalog ruling). */
export function placeholderTests({ behaviour }: Suite): void {
  behaviour(
    "fl232.users.unknown-user-add-event",
    "a new user a guest cannot access reaches its user_list_incomplete client as an 'Unknown user' add, and its other clients not at all",
    {
      id: "fl232.users.unknown-user-add-event#a-new-user-a-guest-cannot-access-reaches-its-user-list-incomplete-client-as-an-unknown-user-add-and-its-other-clients-not-at-all",
    },
    async (t) => {
      const { capable, plain, newId } = await addEventsForNewUser(t);
      t.expect.ok(capable.length === 1, `one realm_user add for user ${newId} on the queue with user_list_incomplete`, capable);
      const person = t.expect.schema(RealmUserAddEvent, capable[0]).person;
      t.expect.equal(person.full_name, UNKNOWN, "the placeholder's full_name");
      t.expect.equal(plain.length, 0, "realm_user add events on the queue without user_list_incomplete");
    },
  );

  behaviour(
    ["fl232.users.unknown-user-add-event", "fl225.users.can-access-all-users-restriction"],
    "before FL232 every client of the guest gets the same add event for a new user",
    { id: "fl232.users.unknown-user-add-event#before-fl232-every-client-of-the-guest-gets-the-same-add-event-for-a-new-user", gate: "before" },
    async (t) => {
      const { capable, plain, newId } = await addEventsForNewUser(t);
      t.expect.ok(capable.length === 1 && plain.length === 1, `one realm_user add for user ${newId} on each queue`, { capable, plain });
      const want = t.fl.atLeast(225) ? UNKNOWN : undefined;
      for (const ev of [capable[0]!, plain[0]!]) {
        const name = t.expect.schema(RealmUserAddEvent, ev).person.full_name;
        if (want) t.expect.equal(name, want, "the added person's full_name (a placeholder)");
        else t.expect.ok(name !== UNKNOWN, "real data for the new user (no access limits before FL225)", name);
      }
    },
  );

  behaviour(
    ["fl232.register.unknown-user-placeholders", "fl232.register.capability-user-list-incomplete"],
    "realm_users holds 'Unknown user' placeholders only for a client with user_list_incomplete",
    { id: "fl232.register.unknown-user-placeholders#realm-users-holds-unknown-user-placeholders-only-for-a-client-with-user-list-incomplete" },
    async (t) => {
      const { capable, plain, strangerId } = await realmUsersOfGuest(t);
      const placeholder = capable.find((u) => u.user_id === strangerId);
      t.expect.ok(
        placeholder !== undefined,
        `realm_users (with user_list_incomplete) to hold a placeholder for user ${strangerId}`,
        capable.map((u) => u.user_id),
      );
      t.expect.equal(placeholder!.full_name, UNKNOWN, "the placeholder's full_name");
      t.expect.ok(
        !plain.some((u) => u.user_id === strangerId),
        `realm_users (without the capability) to leave out user ${strangerId}`,
        plain.map((u) => u.user_id),
      );
    },
  );

  behaviour(
    ["fl232.register.unknown-user-placeholders", "fl225.users.can-access-all-users-restriction", "fl232.register.capability-user-list-incomplete"],
    "before FL232 realm_users of every client of the guest holds the inaccessible user alike",
    { id: "fl232.register.unknown-user-placeholders#before-fl232-realm-users-of-every-client-of-the-guest-holds-the-inaccessible-user-alike", gate: "before" },
    async (t) => {
      const { capable, plain, strangerId } = await realmUsersOfGuest(t);
      for (const [label, list] of [
        ["with", capable],
        ["without", plain],
      ] as const) {
        const entry = list.find((u) => u.user_id === strangerId);
        t.expect.ok(
          entry !== undefined,
          `realm_users (${label} the capability) to hold user ${strangerId}`,
          list.map((u) => u.user_id),
        );
        if (t.fl.atLeast(225)) t.expect.equal(entry!.full_name, UNKNOWN, "the placeholder's full_name");
        else t.expect.ok(entry!.full_name !== UNKNOWN, "real data (no access limits before FL225)", entry!.full_name);
      }
    },
  );
}
