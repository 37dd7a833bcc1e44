/**
 * Who has shared a direct-message conversation with whom: user id → the other participants of every direct
 * message the user took part in. Access to users (FL225) counts these conversations; kept as messages arrive.
 */
export class DmPartners {
  private readonly partners = new Map<number, Set<number>>();

  /** Records one direct message's participants (sender included). */
  record(userIds: readonly number[]): void {
    for (const a of userIds) {
      let set = this.partners.get(a);
      for (const b of userIds) {
        if (a === b) continue;
        if (!set) this.partners.set(a, (set = new Set()));
        set.add(b);
      }
    }
  }

  of(userId: number): ReadonlySet<number> {
    return this.partners.get(userId) ?? new Set();
  }

  shared(a: number, b: number): boolean {
    return this.partners.get(a)?.has(b) ?? false;
  }
}
