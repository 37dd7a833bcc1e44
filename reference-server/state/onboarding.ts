/**
 * Onboarding steps (formerly hotspots): the steps the reference server offers and which ones each user has read.
 * Hotspots exist until FL259; one-time notices from FL233 (when the step types were introduced).
 */
export interface HotspotDef {
  name: string;
  title: string;
  description: string;
  /** Seconds the client waits before showing it. */
  delay: number;
}

export const HOTSPOTS: readonly HotspotDef[] = [
  { name: "intro_streams", title: "Catch up on a channel", description: "Messages sent to a channel are seen by everyone subscribed to it.", delay: 0.5 },
  { name: "intro_topics", title: "Topics", description: "Every message has a topic; topics keep conversations easy to follow.", delay: 0.5 },
  { name: "intro_gear", title: "Settings", description: "Go to Settings to configure your notifications and display settings.", delay: 0.5 },
  { name: "intro_compose", title: "Compose", description: "Click here to start a new conversation.", delay: 0.5 },
];

/** One-time notice names (the real product's at 10.x). */
export const ONE_TIME_NOTICES: readonly string[] = [
  "visibility_policy_banner",
  "intro_inbox_view_modal",
  "intro_recent_view_modal",
  "first_stream_created_banner",
];

/** Each user's read onboarding steps (hotspots and notices share one namespace of names). */
export class OnboardingSteps {
  private readonly read = new Map<number, Set<string>>();

  hasRead(userId: number, name: string): boolean {
    return this.read.get(userId)?.has(name) ?? false;
  }

  markRead(userId: number, name: string): void {
    let names = this.read.get(userId);
    if (!names) this.read.set(userId, (names = new Set()));
    names.add(name);
  }
}
