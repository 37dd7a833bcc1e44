import { connect, type Socket } from "node:net";

export interface PollAnswer {
  /** performance.now() when the whole answer had arrived. */
  at: number;
  /** The status line and headers, read once every answer of a round is in. */
  head: string;
  body: Buffer;
}

/** An answer's status and headers (without those that belong to the connection, not to the answer). */
export function parseHead(head: string): { status: number; headers: Record<string, string> } {
  const lines = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const l of lines.slice(1)) {
    const colon = l.indexOf(":");
    const name = l.slice(0, colon).toLowerCase();
    if (name !== "date" && name !== "connection" && name !== "keep-alive") headers[name] = l.slice(colon + 1).trim();
  }
  return { status: Number(lines[0]!.split(" ")[1]), headers };
}

/**
 * One keep-alive connection for long-polls, as lean a client as HTTP allows: a request is written as it is, and its
 * answer (the servers here always send a content-length) is complete once that many body bytes are in. The time is
 * taken then, before anything is parsed beyond the head.
 */
export class PollConnection {
  private chunks: Buffer[] = [];
  private received = 0;
  private bodyStart = -1;
  private total = -1;
  private waiting: ((a: PollAnswer) => void) | undefined;
  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on("data", (b: Buffer) => this.data(b));
    socket.on("error", (e) => console.log(`  (poll connection: ${e.message})`));
  }
  static open(url: string): Promise<PollConnection> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => resolve(new PollConnection(socket)));
      socket.once("error", reject);
    });
  }
  request(head: string): Promise<PollAnswer> {
    this.chunks = [];
    this.received = 0;
    this.bodyStart = -1;
    this.total = -1;
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(head);
    });
  }
  close(): void {
    this.socket.destroy();
  }
  private data(b: Buffer): void {
    this.chunks.push(b);
    this.received += b.length;
    if (this.total < 0) {
      const all = this.chunks.length === 1 ? b : Buffer.concat(this.chunks);
      this.chunks = [all];
      const end = all.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = /\r\ncontent-length: *(\d+)/i.exec(all.toString("latin1", 0, end));
      if (!length) throw new Error(`an answer without content-length: ${all.toString("latin1", 0, end)}`);
      this.bodyStart = end + 4;
      this.total = this.bodyStart + Number(length[1]);
    }
    if (this.received < this.total) return;
    const at = performance.now();
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const w = this.waiting;
    this.waiting = undefined;
    w?.({ at, head: all.toString("latin1", 0, this.bodyStart - 4), body: all.subarray(this.bodyStart, this.total) });
  }
}
