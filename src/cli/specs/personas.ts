import { defineCommand } from "../options.ts";

/** The prefix of the accounts `personas create` makes (their emails and names), unless --prefix says otherwise. */
export const DEFAULT_PERSONA_PREFIX = "cc-persona";

/** `personas`: its options (src/cli/commands/personas.ts applies them). */
export const PERSONAS = defineCommand({
  name: "personas",
  summary: "make the accounts the suites act as on a server (and remove them), writing the personas file",
  usage: [
    "create --target URL --admin-email E --admin-api-key K [--prefix P] [--channel NAME] [--out FILE]",
    "remove --target URL --personas FILE --admin-email E --admin-api-key K",
  ],
  description:
    "create makes, through the API, the accounts a personas file lacks: the admin account itself becomes the owner\n" +
    "(or administrator) persona; the others are made with POST /users (the admin needs Zulip's can_create_users\n" +
    "permission: on a self-hosted Zulip, manage.py change_user_role EMAIL can_create_users), their API keys fetched\n" +
    "with POST /fetch_api_key, their roles set with PATCH /users/{user_id}, the bot made with POST /bots. It makes the\n" +
    "channel the suites share if absent and subscribes the personas, checks every persona as run --target does, and\n" +
    "writes the personas document to FILE (mode 0600), or prints it. An existing FILE's working personas are kept.\n" +
    "Keep the file out of version control: in CI put its contents in a secret and pass it as CC_PERSONAS.\n" +
    'remove deactivates the bot and the users that create made (the file\'s "created" list).\n' +
    "Exits 0 when done; 1 when the personas made fail run --target's check, or remove could not deactivate one; 2 on\n" +
    "bad input, an unreachable server, or a refused request (the admin's key, the can_create_users permission).",
  positionals: true,
  options: {
    target: { type: "string", value: "URL", description: "the server" },
    "admin-email": { type: "string", value: "E", description: "the email of an organization owner or administrator" },
    "admin-api-key": { type: "string", value: "K", description: "that account's API key" },
    prefix: { type: "string", value: "P", default: DEFAULT_PERSONA_PREFIX, description: "create: the start of the made accounts' emails (letters, digits, -)" },
    channel: {
      type: "string",
      value: "NAME",
      default: "general",
      description: "create: the channel the suites share (made if absent; a name other than general goes in the file)",
    },
    out: { type: "string", value: "FILE", description: "create: write the personas document here (0600) instead of printing it" },
    personas: { type: "string", value: "FILE", description: "remove: the personas document create wrote" },
  },
});
