/** Whether the organization is active (POST /realm/deactivate ends it; no API reactivates it). */
export class RealmStatus {
  deactivated = false;
  /** Days until its data may be deleted (FL332), null for the server's default. */
  deletionDelayDays: number | null = null;
}
