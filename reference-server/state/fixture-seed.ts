import { readFileSync } from "node:fs";
import { RealmFixtureSchema, type RealmFixture } from "./fixture-schema.ts";
import type { Store } from "./store.ts";
import type { Role } from "./types.ts";

const FIXTURE_URL = new URL("../../fixtures/realm.json", import.meta.url);

/** The seed organization every reference server starts with (fixtures/realm.json), validated. */
export function loadRealmFixture(): RealmFixture {
  return RealmFixtureSchema.parse(JSON.parse(readFileSync(FIXTURE_URL, "utf8")));
}

/** Creates the fixture's users (personas, bots with their owners) and channels with their subscribers. */
export function seedFixture(store: Store, fixture: RealmFixture): void {
  const personaIds = new Map<string, number>();
  for (const u of fixture.users) {
    const user = store.addUser({ email: u.email, fullName: u.full_name, role: u.role as Role, isBot: u.bot_type !== undefined, botType: u.bot_type ?? null });
    user.persona = u.persona;
    if (u.can_create_users !== undefined) user.canCreateUsers = u.can_create_users;
    personaIds.set(u.persona, user.id);
  }
  for (const u of fixture.users) {
    if (u.bot_owner) store.users.get(personaIds.get(u.persona)!)!.botOwnerId = personaIds.get(u.bot_owner) ?? null;
  }
  for (const c of fixture.channels) {
    const channel = store.addChannel({
      name: c.name,
      description: c.description,
      inviteOnly: c.invite_only,
      isWebPublic: c.is_web_public ?? false,
      historyPublicToSubscribers: c.history_public_to_subscribers ?? !c.invite_only,
      isDefault: c.is_default ?? false,
      creatorId: null,
    });
    for (const p of c.subscribers) store.subscribe(personaIds.get(p)!, channel.id);
  }
}
