/**
 * What the push bouncer last said about this organization's push notifications (real: the `realm` object of
 * its answers, {can_push, expected_end_timestamp}). Until it says otherwise, a configured bouncer is taken to work.
 */
export class PushStatus {
  canPush = true;
  endTimestamp: number | null = null;
}
