/**
 * Who receives a new message, each with the flags the message starts with. Most receivers start with none: they
 * share one empty set, and a flag given to one receiver replaces that receiver's set (the sets are never changed in
 * place). A channel message to 1,000 subscribers then makes one set, not 1,000.
 */
export type Receivers = Map<number, ReadonlySet<string>>;

export const NO_FLAGS: ReadonlySet<string> = new Set();

/** Gives a receiver a flag; not a receiver, nothing happens. */
export function addFlag(receivers: Receivers, userId: number, flag: string): void {
  const flags = receivers.get(userId);
  if (flags === undefined || flags.has(flag)) return;
  receivers.set(userId, new Set([...flags, flag]));
}
