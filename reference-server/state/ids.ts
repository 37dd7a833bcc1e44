import { createHash } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A deterministic 32-character alphanumeric API key (wire §2: exactly 32 ASCII alphanumerics). */
export function apiKeyFor(seed: string, email: string, generation = 0): string {
  const digest = createHash("sha256").update(`${seed}\0${email.toLowerCase()}\0${generation}`).digest();
  let key = "";
  for (let i = 0; i < 32; i++) key += ALPHABET[digest[i]! % ALPHABET.length];
  return key;
}

/**
 * A counter per kind of record. Ids never repeat within one server and only grow; `gap` gives the step after each
 * id (1 unless a sequence deliberately leaves holes, as the huge-ids quirk does).
 */
export class IdSequence {
  private next: number;
  constructor(
    start = 1,
    private readonly gap?: () => number,
  ) {
    this.next = start;
  }
  take(): number {
    const id = this.next;
    this.next += this.gap === undefined ? 1 : this.gap();
    return id;
  }
}
