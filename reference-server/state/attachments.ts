import type { Message } from "./types.ts";

/**
 * Uploaded files as far as message editing needs them (FL285 detached_uploads): the reference server has no
 * upload store, so a file is a `/user_uploads/<path_id>` link in a message's content, owned by the sender of the
 * first message that linked it. Indexed both ways: path → linking messages, message → linked paths.
 */
export interface Attachment {
  id: number;
  pathId: string;
  name: string;
  ownerId: number;
  /** Milliseconds since the epoch (the wire's create_time). */
  createTime: number;
}

const UPLOAD_LINK = /\/user_uploads\/([^\s()[\]<>"']+)/g;

/** The upload paths (path_id) a message content links to. */
export function uploadPaths(content: string): Set<string> {
  return new Set([...content.matchAll(UPLOAD_LINK)].map((m) => m[1]!));
}

export class Attachments {
  private readonly byPath = new Map<string, Attachment>();
  private readonly linkedBy = new Map<string, Set<number>>();
  private nextId = 1;

  get(pathId: string): Attachment | undefined {
    return this.byPath.get(pathId);
  }

  /** The messages whose current content links the file. */
  messagesLinking(pathId: string): ReadonlySet<number> {
    return this.linkedBy.get(pathId) ?? new Set();
  }

  /** Records the links of a message's current content (on send and after a content edit). */
  track(message: Message, nowMs: number): void {
    for (const pathId of uploadPaths(message.content)) {
      if (!this.byPath.has(pathId)) {
        const name = pathId.split("/").pop() ?? pathId;
        this.byPath.set(pathId, { id: this.nextId++, pathId, name, ownerId: message.senderId, createTime: nowMs });
      }
      let set = this.linkedBy.get(pathId);
      if (!set) this.linkedBy.set(pathId, (set = new Set()));
      set.add(message.id);
    }
  }

  /** Forgets the links of a content the message no longer has (before an edit, on deletion). */
  untrack(messageId: number, content: string): void {
    for (const pathId of uploadPaths(content)) this.linkedBy.get(pathId)?.delete(messageId);
  }
}
