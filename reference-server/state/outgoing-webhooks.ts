/** An outgoing-webhook bot's service: where the server posts, in which format, with which token. */
export interface OutgoingService {
  payloadUrl: string;
  interfaceType: number;
  token: string;
}

/** Outgoing-webhook services by bot id (bot_type 3). */
export class OutgoingWebhooks {
  private readonly byBot = new Map<number, OutgoingService>();

  set(botId: number, service: OutgoingService): void {
    this.byBot.set(botId, service);
  }

  of(botId: number): OutgoingService | undefined {
    return this.byBot.get(botId);
  }

  /** How many bots have a service: none, and no message needs looking at for triggers. */
  get size(): number {
    return this.byBot.size;
  }
}
