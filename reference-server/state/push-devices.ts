/** Registered push-notification devices: per user, per service, token → app id. */
export class PushDevices {
  private readonly byUser = new Map<number, Map<string, string | null>>();

  add(userId: number, service: "mobile" | "other", token: string, appId: string | null): void {
    let tokens = this.byUser.get(userId);
    if (!tokens) this.byUser.set(userId, (tokens = new Map()));
    tokens.set(`${service}:${token}`, appId);
  }

  /** The user's tokens of the mobile-platform push service (the ones a notification goes to). */
  mobileTokens(userId: number): string[] {
    return [...(this.byUser.get(userId)?.keys() ?? [])].filter((k) => k.startsWith("mobile:")).map((k) => k.slice("mobile:".length));
  }

  remove(userId: number, service: "mobile" | "other", token: string): boolean {
    return this.byUser.get(userId)?.delete(`${service}:${token}`) ?? false;
  }
}
