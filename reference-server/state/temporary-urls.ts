import { randomBytes } from "node:crypto";

interface Grant {
  pathId: string;
  /** Seconds since the epoch after which the token no longer works. */
  expires: number;
}

/**
 * The tokens of temporary download URLs (`/user_uploads/temporary/<token>/<name>`): each lets anyone holding it
 * fetch one file, without credentials, until it expires. Real servers sign the address and a timestamp instead;
 * to clients both are opaque.
 */
export class TemporaryUrls {
  private readonly grants = new Map<string, Grant>();

  /** A new token for the file, good for `seconds`. */
  issue(pathId: string, now: number, seconds: number): string {
    this.prune(now);
    const token = randomBytes(24).toString("hex").toUpperCase();
    this.grants.set(token, { pathId, expires: now + seconds });
    return token;
  }

  /** The file a token still grants, or undefined for an unknown or expired token. */
  resolve(token: string, now: number): string | undefined {
    const grant = this.grants.get(token);
    if (!grant || grant.expires < now) return undefined;
    return grant.pathId;
  }

  private prune(now: number): void {
    for (const [token, grant] of this.grants) if (grant.expires < now) this.grants.delete(token);
  }
}
