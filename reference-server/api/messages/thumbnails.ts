import { publishUpdateMessage } from "../../events/update-message.ts";
import type { Runtime } from "../../runtime.ts";
import type { Message } from "../../state/types.ts";
import { imageLinks } from "./render-images.ts";
import { renderMarkdown } from "./render.ts";

/**
 * After a new message is sent: makes the thumbnails of the images it is the first to link (until then the rendering
 * shows loading placeholders), re-renders it, and tells its receivers with a rendering-only update_message event.
 */
export function finishThumbnails(rt: Runtime, message: Message): void {
  const pending = imageLinks(rt, message.content).filter((l) => !rt.store.thumbnails.isDone(l.pathId));
  if (!pending.length) return;
  for (const l of pending) rt.store.thumbnails.markDone(l.pathId);
  const orig = message.renderedContent;
  message.renderedContent = renderMarkdown(message.content, { rt, senderId: message.senderId });
  publishUpdateMessage(
    rt,
    {
      editorId: null,
      timestamp: rt.store.clock(),
      target: message,
      messageIds: [message.id],
      content: { orig: message.content, origRendered: orig },
      renderingOnly: true,
    },
    rt.store.flags.holdersOf(message.id),
  );
}
