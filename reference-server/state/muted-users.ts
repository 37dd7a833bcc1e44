/** Whom each user muted, and when (UNIX seconds), in the order they were muted. */
export class MutedUsers {
  private readonly byUser = new Map<number, Map<number, number>>();
  private count = 0;

  /** How many users are muted by someone (counted twice when two users mute the same one). */
  get size(): number {
    return this.count;
  }

  isMuted(userId: number, mutedId: number): boolean {
    return this.byUser.get(userId)?.has(mutedId) ?? false;
  }

  mute(userId: number, mutedId: number, now: number): void {
    let mine = this.byUser.get(userId);
    if (!mine) this.byUser.set(userId, (mine = new Map()));
    if (!mine.has(mutedId)) this.count++;
    mine.set(mutedId, now);
  }

  unmute(userId: number, mutedId: number): void {
    if (this.byUser.get(userId)?.delete(mutedId)) this.count--;
  }

  of(userId: number): Array<{ id: number; timestamp: number }> {
    return [...(this.byUser.get(userId) ?? [])].map(([id, timestamp]) => ({ id, timestamp }));
  }
}
