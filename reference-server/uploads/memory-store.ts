import type { Readable } from "node:stream";
import { DataStore, ERRORS, Upload } from "@tus/server";

interface Entry {
  upload: Upload;
  /** The bytes received so far, in order; emptied once the finished file has moved to the store's uploads. */
  chunks: Buffer[];
  ownerId: number;
}

/**
 * A tus data store in memory (@tus/server 2 ships none; @tus/file-store is a disk store). It holds the uploads
 * in progress, each with its owner; a finished upload's bytes are taken out (`take`) to become a stored upload,
 * and its entry stays so that HEAD still reports it complete. Extensions: creation, creation-with-upload and
 * termination; not creation-defer-length (real servers refuse uploads of unknown size too).
 */
export class MemoryStore extends DataStore {
  override extensions = ["creation", "creation-with-upload", "termination"];
  private readonly entries = new Map<string, Entry>();
  /** Owners named by the creation hook before the library calls `create`. */
  private readonly pendingOwners = new Map<string, number>();

  /** Records who creates upload `id` (called from onUploadCreate, just before `create`). */
  claim(id: string, ownerId: number): void {
    this.pendingOwners.set(id, ownerId);
  }

  ownerOf(id: string): number | undefined {
    return this.entries.get(id)?.ownerId;
  }

  override async create(upload: Upload): Promise<Upload> {
    const ownerId = this.pendingOwners.get(upload.id);
    this.pendingOwners.delete(upload.id);
    if (ownerId === undefined) throw new Error(`tus upload ${upload.id} was created without an owner`);
    upload.creation_date = new Date().toISOString();
    this.entries.set(upload.id, { upload, chunks: [], ownerId });
    return upload;
  }

  /** Appends the body at `offset`; a body that breaks off keeps nothing of itself (the client resumes from `offset`). */
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const entry = this.entries.get(id);
    if (!entry) throw ERRORS.FILE_NOT_FOUND;
    if (entry.upload.offset !== offset) throw ERRORS.INVALID_OFFSET;
    const received: Buffer[] = [];
    let length = 0;
    for await (const chunk of stream) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      received.push(buf);
      length += buf.length;
    }
    entry.chunks.push(...received);
    entry.upload.offset += length;
    return entry.upload.offset;
  }

  override async getUpload(id: string): Promise<Upload> {
    const entry = this.entries.get(id);
    if (!entry) throw ERRORS.FILE_NOT_FOUND;
    const { upload } = entry;
    return new Upload({ id, size: upload.size, offset: upload.offset, metadata: upload.metadata, creation_date: upload.creation_date });
  }

  override async remove(id: string): Promise<void> {
    if (!this.entries.delete(id)) throw ERRORS.FILE_NOT_FOUND;
  }

  /** The whole file of a finished upload, handed over once: the store keeps no copy. */
  take(id: string): Buffer {
    const entry = this.entries.get(id);
    if (!entry) throw ERRORS.FILE_NOT_FOUND;
    const data = Buffer.concat(entry.chunks);
    entry.chunks = [];
    return data;
  }

  /** Uploads in progress or finished, and the bytes held (for white-box tests). */
  get stats(): { uploads: number; bytes: number } {
    let bytes = 0;
    for (const e of this.entries.values()) for (const c of e.chunks) bytes += c.length;
    return { uploads: this.entries.size, bytes };
  }
}
