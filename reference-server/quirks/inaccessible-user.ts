import type { Runtime } from "../runtime.ts";
import { ROLE } from "../state/types.ts";
import { place, publicChannel, quirkUser, seedChannelMessage } from "./seed.ts";

const TOPIC = "from someone you cannot see";
const CONTENTS = [
  "Hello from a user outside your view: your client knows my id, and nothing else about me.",
  "I left this channel after writing, so we share no channel and no conversation now.",
  "A client shows me as an unknown user rather than failing to find me in realm_users.",
];

/**
 * inaccessible-user (FL225's can_access_all_users_group): only members access all users, so the guest personas
 * access only the users they share a channel or a conversation with; a member who wrote in a guest's channel and
 * left it is then a sender they read but cannot access. The setting takes the system groups everyone or members
 * alone, so only guests can be restricted. Below FL225 no user is inaccessible, and nothing is seeded.
 */
export function seedInaccessibleUser(rt: Runtime): string {
  const { store } = rt;
  if (!rt.fl.has("restrictedUserAccess") || !rt.fl.has("canAccessAllUsersGroupId"))
    return `quirk inaccessible-user: nothing seeded at FL ${rt.fl.level}: access to users is restricted from FL 225`;
  const guests = [...store.users.values()].filter((u) => u.persona !== undefined && !u.isBot && u.role === ROLE.guest);
  if (guests.length === 0) return "quirk inaccessible-user: nothing seeded: the organization has no guest persona, and only guests can be restricted";
  store.settings.set("can_access_all_users_group_id", store.groups.system("role:members").id);
  // The guests' own public channel when they have one (lounge in the default organization), else one made for them.
  const channel =
    [...store.channels.values()].find((c) => !c.inviteOnly && !c.isArchived && guests.every((g) => store.isSubscribed(g.id, c.id))) ??
    publicChannel(rt, "visitors", "A public channel with the guests subscribed.", guests);
  const stranger = quirkUser(rt, "quirk-inaccessible", "Ivy Inaccessible");
  store.subscribe(stranger.id, channel.id);
  const ids = CONTENTS.map((c) => seedChannelMessage(rt, stranger, channel, TOPIC, c).id);
  store.unsubscribe(stranger.id, channel.id);
  const who = guests.map((g) => g.persona).join(", ");
  return `quirk inaccessible-user: can_access_all_users_group is members, so ${who} cannot access ${stranger.fullName} (user ${stranger.id}), who wrote ${ids.length} messages in ${place(channel, TOPIC)}, ids ${ids.join(", ")}`;
}
