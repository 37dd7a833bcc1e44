import { IdSequence } from "./ids.ts";

/** A submessage (wire §13): widget data (polls, to-do lists) attached to a message. */
export interface Submessage {
  id: number;
  messageId: number;
  senderId: number;
  msgType: string;
  /** JSON text, as the client sent it. */
  content: string;
}

/** Every submessage, indexed by its message; the message object lists them in order. */
export class Submessages {
  private readonly byMessage = new Map<number, Submessage[]>();
  private readonly ids = new IdSequence(1);

  add(s: Omit<Submessage, "id">): Submessage {
    const sub: Submessage = { ...s, id: this.ids.take() };
    const list = this.byMessage.get(s.messageId);
    if (list) list.push(sub);
    else this.byMessage.set(s.messageId, [sub]);
    return sub;
  }

  of(messageId: number): readonly Submessage[] {
    return this.byMessage.get(messageId) ?? [];
  }
}
