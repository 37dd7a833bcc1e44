/**
 * The organization's standing: whether it is active (POST /realm/deactivate ends it; no API reactivates it), and
 * what real servers keep about it that no API of the spec changes — only the reference control does
 * (control/realm-state.ts): the domains that restrict sign-ups, a pending sponsorship request, users' Zoom tokens, default channel groups.
 */
export class RealmStatus {
  deactivated = false;
  /** Days until its data may be deleted (FL332), null for the server's default. */
  deletionDelayDays: number | null = null;
  /** register's realm_domains, in the order they were added. */
  readonly domains: Array<{ domain: string; allow_subdomains: boolean }> = [];
  /** Whether a sponsorship request awaits an answer (register's realm_billing, for those who manage billing). */
  sponsorshipPending = false;
  /**
   * Users whose Zoom authorisation was revoked (register's has_zoom_token false for them). Everyone else holds one:
   * Zoom meetings need no authorisation here, so the token is only what register and its event say.
   */
  readonly withoutZoomToken = new Set<number>();
  /** Default channel groups (register's realm_default_stream_groups), in the order they were made. */
  readonly defaultChannelGroups: Array<{ id: number; name: string; description: string; channelIds: number[] }> = [];
  nextDefaultChannelGroupId = 1;
}
