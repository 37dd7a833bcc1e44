/** export_type codes (wire §12, FL304). */
export const EXPORT_TYPE = { public: 1, standard: 2 } as const;

/** An organization data export; the reference server finishes each one at once. */
export interface RealmExport {
  id: number;
  actingUserId: number;
  /** UNIX seconds. */
  exportTime: number;
  deletedTimestamp: number | null;
  failedTimestamp: number | null;
  exportUrl: string | null;
  pending: boolean;
  exportType: number;
}

/** The organization's exports by id (deleted ones stay listed with deleted_timestamp, as on real servers). */
export class RealmExports {
  readonly byId = new Map<number, RealmExport>();
  private nextId = 1;

  add(e: Omit<RealmExport, "id">): RealmExport {
    const stored: RealmExport = { ...e, id: this.nextId++ };
    this.byId.set(stored.id, stored);
    return stored;
  }
}
