/**
 * One edit of one message (wire §13 `edit_history[]`): who and when, and the previous value of each thing the
 * edit changed (content, topic, channel). Stored oldest first; the serializers decide the wire order.
 */
export interface EditRecord {
  timestamp: number;
  userId: number;
  prevContent?: string;
  prevRenderedContent?: string;
  prevTopic?: string;
  topic?: string;
  prevChannelId?: number;
  channelId?: number;
}

/** Each message's edit records, by message id. */
export class EditHistory {
  private readonly byMessage = new Map<number, EditRecord[]>();

  /** The message's records, oldest first (empty when it was never edited). */
  of(messageId: number): readonly EditRecord[] {
    return this.byMessage.get(messageId) ?? [];
  }

  add(messageId: number, record: EditRecord): void {
    let records = this.byMessage.get(messageId);
    if (!records) this.byMessage.set(messageId, (records = []));
    records.push(record);
  }

  remove(messageId: number): void {
    this.byMessage.delete(messageId);
  }
}
