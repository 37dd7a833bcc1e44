import type { Runtime } from "../../runtime.ts";

interface Integration {
  name: string;
  displayName: string;
  /** null: the integration does not filter by event type. */
  eventTypes: string[] | null;
  configOptions: Array<{ key: string; label: string; validator: string }>;
}

/** The incoming-webhook integrations the reference server offers (a small, fixed list). */
const INTEGRATIONS: readonly Integration[] = [
  {
    name: "github",
    displayName: "GitHub",
    eventTypes: ["push", "pull_request", "issues", "issue_comment", "release"],
    configOptions: [{ key: "branches", label: "Filter by branches (comma-separated list)", validator: "check_string" }],
  },
  { name: "gitlab", displayName: "GitLab", eventTypes: ["push", "merge_request", "issue", "note"], configOptions: [] },
  { name: "grafana", displayName: "Grafana", eventTypes: null, configOptions: [] },
];

/**
 * register realm_incoming_webhook_bots (reference §7.11): each integration's name; display_name and
 * all_event_types from FL207; config_options from FL318.
 */
export function incomingWebhookBotsSection(rt: Runtime): Record<string, unknown> {
  return {
    realm_incoming_webhook_bots: INTEGRATIONS.map((i) => {
      const out: Record<string, unknown> = { name: i.name };
      if (rt.fl.has("incomingWebhookBotFields")) Object.assign(out, { display_name: i.displayName, all_event_types: i.eventTypes });
      if (rt.fl.has("incomingWebhookConfigOptions")) out.config_options = i.configOptions;
      return out;
    }),
  };
}
