/**
 * Which uploaded images have their thumbnails made. The reference server makes them when a message first links the
 * image: that message is rendered with a loading placeholder, then re-rendered with the thumbnail (a rendering-only
 * update_message event), so both renderings are observable through the API.
 */
export class Thumbnails {
  private readonly done = new Set<string>();

  isDone(pathId: string): boolean {
    return this.done.has(pathId);
  }

  markDone(pathId: string): void {
    this.done.add(pathId);
  }
}
