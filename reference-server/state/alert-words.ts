/**
 * Each user's alert words, in the order they were added, with the case the user gave. Words are compared without
 * case: adding one the user has in another case changes nothing, removing one removes it in any case.
 */
export class AlertWords {
  private readonly byUser = new Map<number, string[]>();

  of(userId: number): readonly string[] {
    return this.byUser.get(userId) ?? [];
  }

  add(userId: number, words: readonly string[]): void {
    const mine = [...this.of(userId)];
    const known = new Set(mine.map((w) => w.toLowerCase()));
    // Within one request the last spelling of a word wins, in the place its first spelling had.
    const added = new Map<string, string>();
    for (const w of words) if (!known.has(w.toLowerCase())) added.set(w.toLowerCase(), w);
    this.byUser.set(userId, [...mine, ...added.values()]);
  }

  remove(userId: number, words: readonly string[]): void {
    const gone = new Set(words.map((w) => w.toLowerCase()));
    this.byUser.set(
      userId,
      this.of(userId).filter((w) => !gone.has(w.toLowerCase())),
    );
  }
}
