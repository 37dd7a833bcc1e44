/**
 * Throw-away organizations: sibling reference servers a reference server starts in its own process, so that a test
 * run against `serve` (another process) can destroy an organization (POST /realm/deactivate), change its plan or
 * move its clock without touching the shared one. A sibling is like its parent (level, faults, data quirks,
 * product, host, seed, upload and rate limits: a real server limits every organization) on a free port, with the
 * server settings the request gives; it closes when the parent closes.
 */

/** Server settings a throw-away organization may be given (what no API sets). */
export interface SiblingSettings {
  /** The push bouncer it posts mobile notifications to; omitted: the parent's. */
  pushBouncerUrl?: string | null;
}

/** What the control needs of a started sibling (a ReferenceServer, without importing server.ts: no cycle). */
export interface Sibling {
  url: string;
  personas: Record<string, { email: string; apiKey: string; userId: number }>;
  /** What it declares about itself, as `serve --json` prints it (its own control's secret included). */
  serverConfig: object;
  close(): Promise<void>;
}

export type SiblingFactory = (settings: SiblingSettings) => Promise<Sibling>;

/** Open throw-away organizations by port; the port names one in the close operation. */
export class Organizations {
  private readonly open = new Map<number, Sibling>();
  /** Set once the parent closes: a sibling still starting then is closed at once, not left listening. */
  private closed = false;

  constructor(private readonly start: SiblingFactory) {}

  async create(settings: SiblingSettings): Promise<Sibling> {
    const sibling = await this.start(settings);
    if (this.closed) {
      await sibling.close();
      throw new Error("the reference server is closing: no throw-away organization can start");
    }
    this.open.set(Number(new URL(sibling.url).port), sibling);
    return sibling;
  }

  /** Closes the organization listening on `port`; false when there is none. */
  async close(port: number): Promise<boolean> {
    const sibling = this.open.get(port);
    if (!sibling) return false;
    this.open.delete(port);
    await sibling.close();
    return true;
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.allSettled(all.map((s) => s.close()));
  }
}
