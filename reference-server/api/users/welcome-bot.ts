import type { Runtime } from "../../runtime.ts";
import { ROLE, type User } from "../../state/types.ts";
import { newMessage } from "../messages/post.ts";
import { NO_FLAGS } from "../messages/receivers.ts";
import { renderMarkdown } from "../messages/render.ts";

/** The system bot that greets every new account on a real server, as its cross_realm_bots entry names it. */
export const WELCOME_BOT = { email: "welcome-bot@zulip.com", fullName: "Welcome Bot" } as const;

/** The client a real server records for the messages it sends itself. */
const INTERNAL_CLIENT = "Internal";

const greeting = (realmName: string): string =>
  `Hello, and welcome to **${realmName}**! I am the Welcome Bot: this direct message opens your history here. ` +
  "Your channels are on the left; pick one to join its conversations.";

/**
 * What a real server gives each account it creates, under `--product zulip` (the spec states none of it): the
 * organization's default channels (a person not a guest is subscribed to each), and the Welcome Bot's direct
 * message, unread. Real clients expect both (a client of a member with no message at all may fail to start), and
 * that is what `greet: false` (the no-messages quirk) withholds: the bot is still there, its message is not.
 */
export function welcomeAccounts(rt: Runtime, { greet = true }: { greet?: boolean } = {}): void {
  const { store } = rt;
  const bot = store.addSystemBot(WELCOME_BOT.email, WELCOME_BOT.fullName);
  const defaults = [...store.channels.values()].filter((c) => c.isDefault && !c.isArchived);
  for (const user of [...store.users.values()].filter((u) => !u.isBot && u.isActive)) {
    if (user.role !== ROLE.guest) for (const c of defaults) if (!store.isSubscribed(user.id, c.id)) store.subscribe(user.id, c.id);
    if (greet) sendWelcome(rt, bot, user);
  }
}

function sendWelcome(rt: Runtime, bot: User, user: User): void {
  const { store } = rt;
  const content = greeting(String(store.settings.get("name")));
  const userIds = [bot.id, user.id].sort((a, b) => a - b);
  const message = newMessage(
    store.nextMessageId(),
    bot,
    "private",
    null,
    "",
    userIds,
    store.conversationRecipientId(userIds),
    content,
    renderMarkdown(content, { rt, senderId: bot.id }),
    store.clock(),
    INTERNAL_CLIENT,
  );
  store.addMessage(message, new Map([[user.id, NO_FLAGS]]));
}
