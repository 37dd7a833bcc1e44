import type { Message } from "./types.ts";

/**
 * The attachment records of files: one per stored upload (its id is GET /attachments' `id`), and one per
 * `/user_uploads/<path_id>` link in a message's content that names no stored file, owned by the sender of the
 * first message that linked it (FL285 detached_uploads describes those too). Indexed both ways: path → linking
 * messages, message → linked paths.
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
  // Most messages link no upload: a plain search rules them out before the pattern runs.
  if (!content.includes("/user_uploads/")) return new Set();
  return new Set([...content.matchAll(UPLOAD_LINK)].map((m) => m[1]!));
}

export class Attachments {
  private readonly byPath = new Map<string, Attachment>();
  private readonly byId = new Map<number, Attachment>();
  private readonly linkedBy = new Map<string, Set<number>>();
  private nextId = 1;

  get(pathId: string): Attachment | undefined {
    return this.byPath.get(pathId);
  }

  /** The record with this id (GET /attachments' `id`), whether or not its file is still stored. */
  withId(id: number): Attachment | undefined {
    return this.byId.get(id);
  }

  /** The record of a file just stored: clients learn its id before any message links it. */
  register(file: Omit<Attachment, "id">): Attachment {
    const known = this.byPath.get(file.pathId);
    if (known) return known;
    const record = { ...file, id: this.nextId++ };
    this.byPath.set(record.pathId, record);
    this.byId.set(record.id, record);
    return record;
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
        this.register({ pathId, name, ownerId: message.senderId, createTime: nowMs });
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
