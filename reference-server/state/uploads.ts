/** Upload sizes and limits are configured in MiB. */
export const MIB = 1024 * 1024;

/** The organization's id as it appears in upload addresses: `/user_uploads/<realm_id>/...` (wire §13). */
export const UPLOAD_REALM_ID = 2;

/** One uploaded file, whether it came through POST /user_uploads or a finished tus upload. */
export interface StoredUpload {
  /** The address after `/user_uploads/`, in its canonical form (see `canonicalPath`). */
  pathId: string;
  /** The name the file is stored under: the response's `filename` (FL286). */
  name: string;
  ownerId: number;
  contentType: string;
  data: Buffer;
  /** Milliseconds since the epoch. */
  createTime: number;
}

/** Decodes one percent-encoded path segment; a malformed escape leaves the segment as it is. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The one spelling of an upload address: each segment percent-encoded the way encodeURIComponent does it, so a
 * client that sends `é` raw, `%c3%a9` or `%C3%A9` finds the same file.
 */
export function canonicalPath(path: string): string {
  return path
    .split("/")
    .map((s) => encodeURIComponent(decodeSegment(s)))
    .join("/");
}

/**
 * The organization's uploaded files, by address, with the space they use (what the upload quota counts).
 * Files in the middle of a tus upload are not here: they live in the tus data store until they finish.
 */
export class Uploads {
  private readonly byPath = new Map<string, StoredUpload>();
  private used = 0;

  get(path: string): StoredUpload | undefined {
    return this.byPath.get(canonicalPath(path));
  }

  /** Keeps a file under the canonical form of its address; returns the record as kept. */
  add(upload: StoredUpload): StoredUpload {
    const stored = { ...upload, pathId: canonicalPath(upload.pathId) };
    if (this.byPath.has(stored.pathId)) throw new Error(`upload ${stored.pathId} exists already`);
    this.byPath.set(stored.pathId, stored);
    this.used += stored.data.length;
    return stored;
  }

  /** Forgets a file (its address then answers 404) and frees the space it used; returns it, or undefined if absent. */
  remove(path: string): StoredUpload | undefined {
    const key = canonicalPath(path);
    const upload = this.byPath.get(key);
    if (!upload) return undefined;
    this.byPath.delete(key);
    this.used -= upload.data.length;
    return upload;
  }

  /** The files one user uploaded, oldest first. */
  ownedBy(userId: number): StoredUpload[] {
    return [...this.byPath.values()].filter((u) => u.ownerId === userId);
  }

  /** Bytes used by all uploaded files. */
  get usedBytes(): number {
    return this.used;
  }

  get count(): number {
    return this.byPath.size;
  }
}
